import MusubiDocument

/// The types of one build: what each schema became, and the declarations made so far.
///
/// Declaring types fills it (component schemas first, then the inline schemas of components,
/// requests and responses as they are met); building requests reads it to tell an enum from a
/// struct or to follow an alias; the passes take its ``types`` as their input.
struct TypeCatalog {
    /// Component schema name → Swift type name.
    var componentTypeNames: [String: String] = [:]
    /// Component schema name → its schema, for following references.
    var componentSchemas: [String: Schema] = [:]
    /// The types the user supplies for component schemas (`types.schemas`), by schema name.
    var suppliedComponentTypes: [String: SwiftType] = [:]
    /// Schemas of multipart bodies, by identity: their binary properties are `FileUpload`s.
    var uploadSchemas: Set<SchemaKey> = []
    /// Inline schemas already declared, by identity, so a schema reached twice is one type.
    var declaredInline: [SchemaKey: String] = [:]
    /// Inline types by the shape number of the schema they were declared for, so an inline
    /// schema written the same way elsewhere is the same type (see ``ShapeNumbering``).
    var declaredShapes: [Int: String] = [:]
    /// The names each inline type shared by shape would have had at its other places, by the
    /// type's name: what ``ModelBuilder/namingSharedShapes(_:)`` names it after.
    var shapePlaces: [String: [String]] = [:]
    /// The inline types ``ModelBuilder/namingSharedShapes(_:)`` named after all their places:
    /// named after what they are already, so merging them with others only renames them after
    /// those places too (``IdenticalTypesPass``).
    var sharedTypeNames: Set<String> = []
    /// The other places of the inline types shared by shape whose places gave no name, by
    /// the type's name: ``IdenticalTypesPass`` names them, once it knows every place.
    var unnamedShapePlaces: [String: [String]] = [:]
    /// The titles of inline alternatives declared as types of their own, by type name: Okta's
    /// `call`, `sms` and `email` factors are alike in shape but not the same thing, so they
    /// stay apart (``IdenticalTypesPass``).
    var titles: [String: String] = [:]
    /// The union each base schema with a `discriminator` stands for where it is used as a
    /// value, by the base's name (``ModelBuilder/inheritanceUnions(of:)``).
    var inheritanceUnions: [String: Schema] = [:]
    /// The `title`s of inline schemas declared as types of their own, as type names, by type
    /// name: what a shared one is named when its places give no name (``SharedTypeName``).
    var inlineTitles: [String: String] = [:]
    /// The shape numbers handed out so far.
    var shapes = ShapeNumbering()
    /// The structs of responses' documented headers, by type name: a shared one is named after
    /// its headers (``SharedTypeName``).
    var headerTypeNames: Set<String> = []
    /// The union of the other alternatives of a value-or-empty-string union with several, by
    /// the union's identity (``ModelBuilder/emptyStringUnionType(_:of:suggestedName:partsName:)``).
    var emptyStringRests: [SchemaKey: Schema] = [:]
    /// `oneOf` enums whose alternatives are all parameter values, so they are one as well.
    var parameterValueUnions: Set<String> = []
    /// The model types declared so far, as decided; the passes and the presentation step take
    /// them from here.
    private(set) var types: [TypeDeclaration] = []
    /// Declared model kinds by type name, for lookups while building requests.
    private(set) var modelKinds: [String: ModelDeclaration.Kind] = [:]
    /// Aliased types by alias name.
    private(set) var aliases: [String: SwiftType] = [:]
    /// The offset in ``types`` of each declaration, by type name.
    private var offsets: [String: Int] = [:]
    /// Where each alias's chain of aliases ended when last followed. A chain only grows at its
    /// end (an alias is never redeclared but by ``rename(_:fileName:)``, which forgets them), so
    /// a remembered end is where to go on from.
    private var aliasEnds: [String: SwiftType] = [:]

    /// The type `type` names once every alias (and the optionality of each) is followed:
    /// `Pet` for `PetAlias` when `PetAlias = Pet?`. A cycle of aliases ends where it closes.
    ///
    /// Every alias on the way remembers the end, so a union whose thousands of alternatives each
    /// start a chain thousands of aliases long costs the chain's length, not their product.
    mutating func end(ofAliases type: SwiftType) -> SwiftType {
        var type = type.nonOptional
        var walked: [String] = []
        var seen: Set<String> = []
        while let name = type.name, let aliased = aliases[name], seen.insert(name).inserted {
            walked.append(name)
            type = (aliasEnds[name] ?? aliased).nonOptional
        }
        for name in walked { aliasEnds[name] = type }
        return type
    }

    mutating func declare(_ declaration: TypeDeclaration) {
        offsets[declaration.name] = types.count
        types.append(declaration)
        modelKinds[declaration.name] = declaration.kind
        if let target = declaration.aliasedType { aliases[declaration.name] = target }
    }

    /// Moves each declaration named as a key of `renames` to its value, in the file
    /// `fileName` gives, and makes every mention follow it; each old name stays, as an alias
    /// of the new one with the old doc comment.
    mutating func rename(_ renames: [String: String], fileName: (String) -> String) {
        var renamedTypes: [TypeDeclaration] = []
        var oldNames: [TypeDeclaration] = []
        for var declaration in types {
            declaration.definition = declaration.definition.renamingTypes { renames[$0] }
            if let name = renames[declaration.name] {
                var alias = declaration
                alias.definition = .alias(.named(name))
                oldNames.append(alias)
                declaration.name = name
                declaration.fileName = fileName(name)
            }
            renamedTypes.append(declaration)
        }
        types = []
        modelKinds = [:]
        aliases = [:]
        offsets = [:]
        aliasEnds = [:]
        for declaration in renamedTypes + oldNames { declare(declaration) }
    }

    /// Changes the declaration of the type called `name`, when there is one.
    mutating func update(named name: String, _ change: (inout TypeDeclaration) -> Void) {
        guard let offset = offsets[name] else { return }
        change(&types[offset])
    }

    /// The declaration of the type called `name`, as declared so far.
    func declaration(named name: String) -> TypeDeclaration? {
        offsets[name].map { types[$0] }
    }

    /// The shape number of `schema` (``ShapeNumbering/number(of:uploads:)``), a multipart
    /// body's schema being a shape of its own.
    mutating func shapeNumber(of schema: Schema) -> Int {
        let uploads = uploadSchemas
        return shapes.number(of: schema, uploads: uploads)
    }

    /// The type names of the component schemas that stand for a concept of their own: every
    /// generated one but copies that only add "or null" (GitHub's `nullable-repository`). The
    /// identical-types pass keeps these as types (``IdenticalTypesPass``).
    var conceptTypeNames: Set<String> {
        var names = Set<String>()
        for (schemaName, typeName) in componentTypeNames where componentSchemas[schemaName]?.nullable != true {
            names.insert(typeName)
        }
        return names
    }
}
