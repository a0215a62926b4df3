/// The name of a type that several places share: what the type is, not the first place that
/// used it.
///
/// Identical types merge (``IdenticalTypesPass``): GitHub's paginated operations all document
/// the same `Link` response header, and its request bodies repeat the same enums. Named after
/// the shortest place, every `IssuesListForRepoHeaders` pointed at `OrgsListHeaders`, an
/// operation that has nothing to do with issues. The shared type is named instead
///
/// - for a response's headers, after the headers it holds when they are few: `LinkHeaders`,
///   `LocationHeaders` (an `X-` prefix left out, as in the properties), or after the words
///   more headers all start with: `RateLimitHeaders`;
/// - else after what the places' names have in common: the words they start with (the API's
///   area) and the words they end with (the property or parameter the type is of):
///   `IssuesCreateBodyTitle` and `IssuesUpdateBodyTitle` → `IssuesTitle`,
///   `ReposListForOrgSort` and `ReposListForAuthenticatedUserSort` → `ReposListSort`. `Body`
///   before the last word says where a property sits, not what it is, and a preposition cannot
///   end the common start, so both are left out.
///
/// An HTTP method starting the names (Stripe's operation IDs, `PostCustomers`) is left out too.
/// There is no such name when the places' names end differently, when it would be one word
/// (`Status`: as wide as the API, for one property's type), or when all they share are words
/// that say nothing on their own (`Body`, `Item`, `Headers`); nor when the name is taken.
/// Then the type keeps the shortest place's name, as before. Each place keeps its own name as
/// an alias of the shared type, so a request's `Headers` or a property's type is still found
/// under the name of the request or property, and code written against it keeps compiling.
enum SharedTypeName {
    /// Headers named in a shared headers type's name at most; more make a name nobody reads.
    static let maximumHeaders = 2
    /// Words of the header names in a shared headers type's name at most.
    static let maximumHeaderWords = 4

    /// Words that say nothing of a type on their own: a name made of them alone is no name.
    static let vagueWords: Set<String> = [
        "body", "headers", "response", "request", "item", "items", "value", "values", "error", "option",
        "options", "object", "data", "type", "kind", "param", "params", "parameters", "content", "result",
    ]

    /// Words that cannot end the common start of the names: `ReposListFor…` is no area.
    static let connectives: Set<String> = [
        "for", "by", "in", "of", "to", "and", "or", "with", "from", "on", "at", "as",
    ]

    /// HTTP methods, which start the operation IDs of some specs (Stripe's `PostCustomers`)
    /// but say nothing of a type.
    static let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head"]

    /// Words the names of a union's two alternatives have together at most, for the union to be
    /// named after both (`RemoteFileURLOrLocalFilePath`).
    static let maximumEitherWords = 7

    /// Words a shared type's name has at least: one word alone (`Status`, `Currency`) would
    /// take a name as wide as the API for one property's type.
    static let minimumWords = 2

    /// The name of a type shared by the places named `names`; `headers` are the response
    /// headers it holds when it is a response's headers struct. Nil when there is no name
    /// better than the shortest of `names` (see the type's documentation).
    ///
    /// With `repeating`, words the area and the role both have stay twice: the name to fall
    /// back on when the shorter one is taken (Slack's invite error codes are
    /// `ConversationsInviteErrorError` beside the error body `ConversationsInviteError`).
    static func candidate(sharedBy names: [String], headers: [String]? = nil, repeating: Bool = false) -> String? {
        guard names.count > 1 else { return nil }
        if let headers, let name = headersName(headers) { return name }
        let split = names.map(Naming.words)
        guard let (start, end) = commonEnds(split), end > 0 else { return nil }
        let first = split[0]
        var area = Array(first.prefix(start))
        while let last = area.last, connectives.contains(last) { area.removeLast() }
        while let method = area.first, methods.contains(method) { area.removeFirst() }
        let role = Array(first.suffix(end))
        // The area's last words again at the start of the role say nothing twice: Mux's
        // `GetRealtimeBreakdownRealtimeMetricID` and `…TimeseriesRealtimeMetricID` are
        // `RealtimeMetricID`, not `RealtimeRealtimeMetricID`.
        if !repeating,
            let overlap = (0...min(area.count, role.count)).last(where: {
                area.suffix($0).elementsEqual(role.prefix($0))
            })
        {
            area.removeLast(overlap)
        }
        // `Body` says where a property sits, unless the type is the body itself.
        let words = (area + role.dropLast()).filter { $0 != "body" } + role.suffix(1)
        guard words.count >= minimumWords, !words.allSatisfy(vagueWords.contains) else { return nil }
        return Naming.typeName(words.joined(separator: "_"))
    }

    /// The name of a union shared by the places named `names` that holds a string and a type
    /// most of the places are named after: Stripe's expandable fields, `anyOf: [string,
    /// Customer, DeletedCustomer]` under fourteen objects' `customer`, a customer's ID or the
    /// customer itself, are `CustomerOrID` rather than the first object's `CardCustomer`; its
    /// invoices, under `invoice` but also `latest_revision`, `InvoiceOrID`. Nil without a
    /// string among `alternatives`, or a type at least half the places end with.
    static func referenceUnionName(sharedBy names: [String], alternatives: [SwiftType]) -> String? {
        guard names.count > 1, alternatives.contains(.named("String")) else { return nil }
        let split = names.map(Naming.words)
        for case .named(let type) in alternatives where type != "String" {
            let words = Naming.words(type)
            guard !words.isEmpty else { continue }
            let ending = split.count { $0.count > words.count && Array($0.suffix(words.count)) == words }
            if ending * 2 >= names.count { return type + "OrID" }
        }
        return nil
    }

    /// `LinkHeaders` for a struct of the `Link` header, `LocationRetryAfterHeaders` for two;
    /// for more headers, or two whose names are long, the words each family of them starts
    /// with (Discord's five `X-RateLimit-…` headers on 253 responses: `RateLimitHeaders`;
    /// Mastodon's three beside `Link`: `RateLimitLinkHeaders`); nil otherwise, and for headers
    /// whose names make no words.
    static func headersName(_ headers: [String]) -> String? {
        guard !headers.isEmpty else { return nil }
        var split: [[String]] = []
        for header in headers {
            var own = Naming.words(header)
            if own.count > 1, own[0] == "x" { own.removeFirst() }
            guard !own.isEmpty else { return nil }
            split.append(own)
        }
        let all = split.flatMap { $0 }
        if headers.count <= maximumHeaders, all.count <= maximumHeaderWords {
            return Naming.typeName((all + ["headers"]).joined(separator: "_"))
        }
        guard headers.count > 1 else { return nil }
        // Families: the headers starting with the same word, in the order they first appear,
        // each named by the words all its headers start with.
        var families: [[[String]]] = []
        for words in split {
            if let family = families.firstIndex(where: { $0[0][0] == words[0] }) {
                families[family].append(words)
            } else {
                families.append([words])
            }
        }
        guard families.count <= maximumHeaders else { return nil }
        var words: [String] = []
        for family in families {
            let first = family[0]
            var common = family.count == 1 ? first.count : 0
            while family.count > 1, common < first.count,
                family.allSatisfy({ $0.count > common + 1 && $0[common] == first[common] })
            {
                common += 1
            }
            let own = first.prefix(common)
            guard !own.isEmpty, !own.allSatisfy(vagueWords.contains) else { return nil }
            words += own
        }
        guard words.count <= maximumHeaderWords else { return nil }
        return Naming.typeName((words + ["headers"]).joined(separator: "_"))
    }

    /// The names to try, best first, for a type shared by the places named `names`, from the
    /// places' names: after them (``candidate(sharedBy:headers:)``); for a union of a string
    /// and a schema, that schema's `…OrID`
    /// (``referenceUnionName(sharedBy:alternatives:)``); what the places are all about
    /// (``subjectName(sharedBy:)``). Empty for a type in one place.
    ///
    /// An error body shared by operations' errors of different statuses (Cohere's one
    /// `{message, id}` under `BadRequest`, `Unauthorized`, `NotFound`… of 30 operations: the
    /// places `ChatBadRequestError`, `EmbedUnauthorizedError`…) is `errorName`, the API's
    /// error (`CohereError`).
    static func placeNames(
        sharedBy names: [String], headers: [String]? = nil, alternatives: [SwiftType] = [], errorName: String? = nil
    ) -> [String] {
        guard names.count > 1 else { return [] }
        var result: [String] = []
        if let name = candidate(sharedBy: names, headers: headers) { result.append(name) }
        if headers == nil, let name = candidate(sharedBy: names, repeating: true), !result.contains(name) {
            result.append(name)
        }
        if let name = referenceUnionName(sharedBy: names, alternatives: alternatives) { result.append(name) }
        if headers == nil, let name = subjectName(sharedBy: names) { result.append(name) }
        if headers == nil, let errorName, names.allSatisfy({ Naming.words($0).last == "error" }) {
            result.append(errorName)
        }
        return result
    }

    /// `title` as a shared type's name: Jira's `ErrorMessage`, under 17 operations' errors. Nil
    /// for a title of one word (`Param`, `Object`: as wide as the API) or of words that say
    /// nothing on their own.
    static func titleName(_ title: String?) -> String? {
        guard let title else { return nil }
        let words = Naming.words(title)
        guard words.count >= minimumWords, !words.allSatisfy(vagueWords.contains) else { return nil }
        return Naming.typeName(title)
    }

    /// `<Key>Envelope` for an object whose one member holds a component schema's type under
    /// that type's own name: PagerDuty wraps each resource in its name (`{"addon": Addon}`) in
    /// the bodies and responses of every operation on it, and the wrapper's places,
    /// `CreateAddonBody` and `GetAddonResponse`, share no name; the wrapper is `AddonEnvelope`.
    /// The key may name the type in fewer or more words (`{"team": TeamReference}`,
    /// `{"oncall_handoff_notification_rule": HandoffNotificationRule}`), and a `Model` the
    /// type's name gained is left out (DigitalOcean's `{"image": ImageModel}` is an
    /// `ImageEnvelope`). Nil for any other type: a member under another
    /// name (Figma's `{"color": VariableAlias}`), of an inline type, or optional (Okta's
    /// push factor settings, `{"useNumberMatchingChallenge": …}`) is no envelope.
    static func envelopeName(of definition: TypeDeclaration.Definition, component: (String) -> Bool) -> String? {
        guard case .structure(let structure) = definition, structure.properties.count == 1,
            structure.properties[0].isRequired, case .key(let key) = structure.properties[0].coding,
            case .named(let wrapped) = structure.properties[0].type.nonOptional, component(wrapped)
        else { return nil }
        let keyWords = Naming.words(key)
        var typeWords = Naming.words(wrapped)
        if typeWords.count > 1, typeWords.last == "model" { typeWords.removeLast() }
        let (shorter, longer) = keyWords.count < typeWords.count ? (keyWords, typeWords) : (typeWords, keyWords)
        guard !shorter.isEmpty, longer.starts(with: shorter) || longer.suffix(shorter.count).elementsEqual(shorter)
        else { return nil }
        return Naming.typeName((typeWords + ["envelope"]).joined(separator: "_"))
    }

    /// The names to try, best first, for a union of generated types shared by places whose
    /// names give none (``placeNames(sharedBy:headers:alternatives:)``): what the names of its
    /// alternatives have in common (``alternativesName(_:)``: Okta's policies, `AccessPolicy`,
    /// `PasswordPolicy`…, under `ListPolicies`, `GetPolicy`, `ReplacePolicy` and
    /// `CreatePolicy`), one word alone only as `AnyPolicy`, the base schema the alternatives
    /// extend often having the plain name; of two alternatives without words in common, both
    /// (`RemoteFileURLOrLocalFilePath`). Empty for any other type. `declared` says whether a
    /// name is a generated type.
    static func unionNames(of alternatives: [SwiftType], declared: (String) -> Bool) -> [String] {
        var generated: [String] = []
        for alternative in alternatives {
            guard let name = alternative.declaredName, declared(name) else { return [] }
            generated.append(name)
        }
        guard generated.count > 1 else { return [] }
        var result: [String] = []
        if let name = alternativesName(generated) {
            if Naming.words(name).count >= minimumWords { result.append(name) }
            result.append("Any" + name)
        }
        if generated.count == 2, generated.map(Naming.words).joined().count < maximumEitherWords {
            result.append(generated[0] + "Or" + generated[1])
        }
        return result
    }

    /// How many words all of `split` start with alike, and how many of the rest they end with
    /// alike; nil when one has no words.
    static func commonEnds(_ split: [[String]]) -> (start: Int, end: Int)? {
        guard let first = split.first, let shortest = split.map(\.count).min(), shortest > 0 else { return nil }
        var start = 0
        while start < shortest, split.allSatisfy({ $0[start] == first[start] }) { start += 1 }
        var end = 0
        while end < shortest - start, split.allSatisfy({ $0[$0.count - 1 - end] == first[first.count - 1 - end] }) {
            end += 1
        }
        return (start, end)
    }

    /// What the names of a union's alternatives share, at their start and at their end:
    /// `AccessPolicy`, `IdpDiscoveryPolicy` → `Policy`; `ChatCompletionRequestUserMessage`,
    /// `ChatCompletionRequestSystemMessage` → `ChatCompletionRequestMessage`. Nil when they
    /// share nothing but words that say nothing on their own.
    static func alternativesName(_ alternatives: [String]) -> String? {
        guard alternatives.count > 1 else { return nil }
        let split = alternatives.map(Naming.words)
        guard let (start, end) = commonEnds(split) else { return nil }
        let first = split[0]
        var words = Array(first.prefix(start) + first.suffix(end))
        while let last = words.last, connectives.contains(last) { words.removeLast() }
        guard !words.isEmpty, !words.allSatisfy(vagueWords.contains) else { return nil }
        return Naming.typeName(words.joined(separator: "_"))
    }

    /// What every one of `names` is about, when each is that and only words around it saying
    /// what an operation does with it: `GetEmailServerResponse`, `UpdateEmailServerBody` and
    /// `ListEmailServersResponseItem` → `EmailServer`. HTTP methods and verbs that start
    /// operation IDs are left out before it, words that say nothing after it, `Body` anywhere
    /// (it says where a property sits), and plurals are read as singulars. Nil when the names
    /// differ in anything else (`OrdersAuthorize403Detail`, `OrdersCapture403Detail`), or fewer
    /// than ``minimumWords`` words are left.
    static func subjectName(sharedBy names: [String]) -> String? {
        guard names.count > 1 else { return nil }
        var subject: [String]?
        for name in names {
            var words = Naming.words(name).map(Naming.singular)[...]
            while let word = words.first, methods.contains(word) || verbs.contains(word) { words.removeFirst() }
            while let word = words.last, vagueWords.contains(word) { words.removeLast() }
            words.removeAll { $0 == "body" }
            guard subject == nil || subject! == Array(words) else { return nil }
            subject = Array(words)
        }
        guard let subject, subject.count >= minimumWords else { return nil }
        return Naming.typeName(subject.joined(separator: "_"))
    }

    /// Verbs that start operation IDs: what an operation does, not what a type is.
    static let verbs: Set<String> = [
        "list", "create", "replace", "update", "delete", "clone", "activate", "deactivate", "add", "remove",
        "set", "retrieve", "fetch", "upsert", "enroll", "assign", "unassign", "revoke", "verify", "search",
        "find", "modify", "edit", "reset", "suspend", "unsuspend", "execute", "publish",
    ]
}

extension SwiftType {
    /// The name of the type a union's alternative holds, through `Indirect`; nil for arrays,
    /// dictionaries and optionals.
    fileprivate var declaredName: String? {
        switch self {
        case .named(let name): return name
        case .generic("Indirect", let arguments) where arguments.count == 1: return arguments[0].declaredName
        default: return nil
        }
    }
}
