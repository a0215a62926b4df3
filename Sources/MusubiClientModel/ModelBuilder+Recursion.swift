/// Recursive structs: a struct that contains itself, directly or through other structs, has
/// no finite size. Arrays and dictionaries already store their elements out of line, so only
/// plain (optional or not) struct-valued properties on a cycle need a box.
extension ModelBuilder {
    func boxRecursiveProperties() {
        var index: [String: Int] = [:]
        for (offset, model) in models.enumerated() { index[model.name] = offset }

        /// The struct a property's type stores inline, following type aliases; nil for
        /// collections, scalars and enums.
        func inlineStruct(_ type: String) -> String? {
            var name = type.hasSuffix("?") ? String(type.dropLast()) : type
            var hops = 0
            while let offset = index[name], hops < 16 {
                let model = models[offset]
                switch model.kind {
                case .struct: return name
                case .typealias:
                    name = model.aliasedType.hasSuffix("?") ? String(model.aliasedType.dropLast()) : model.aliasedType
                    hops += 1
                case .enum: return nil
                }
            }
            return nil
        }

        func reaches(_ start: String, _ target: String) -> Bool {
            var seen: Set<String> = []
            var stack = [start]
            while let current = stack.popLast() {
                if current == target { return true }
                guard seen.insert(current).inserted, let offset = index[current] else { continue }
                stack.append(contentsOf: models[offset].properties.compactMap { inlineStruct($0.type) })
            }
            return false
        }

        for offset in models.indices where models[offset].kind == .struct {
            let owner = models[offset].name
            for property in models[offset].properties.indices {
                guard let target = inlineStruct(models[offset].properties[property].type),
                    reaches(target, owner)
                else { continue }
                box(property: property, of: offset)
            }
        }
    }

    private func box(property: Int, of offset: Int) {
        models[offset].properties[property].makeIndirect()
        let boxed = models[offset].properties[property]
        models[offset].initParameters[property].assignment = boxed.initAssignment
        models[offset].codingKeys = models[offset].properties.map { property in
            let key = property.storageName.trimmingBackticks
            return CodingKeyDeclaration(
                name: property.storageName,
                rawValueClause: key == property.originalName
                    ? "" : " = \(SwiftSourceText.stringLiteral(property.originalName))")
        }
        models[offset].hasCodingKeys = true
    }
}
