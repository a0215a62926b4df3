/// Turns a client-model value into the dictionaries and arrays Mustache renders.
///
/// swift-mustache can look values up by reflection, but it reflects the object again for every
/// `{{name}}` it meets; with thousands of declarations that was three quarters of the time to
/// generate a big spec. Reflecting each value once into a dictionary makes every lookup a hash
/// lookup, and needs no list of field names that could drift from the model.
enum TemplateContext {
    static func make(_ value: Any) -> Any {
        if let text = value as? String { return text }
        if let flag = value as? Bool { return flag }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .class:
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(Int(mirror.children.count))
            for child in mirror.children {
                if let label = child.label {
                    dictionary[label] = make(child.value)
                }
            }
            return dictionary
        case .collection:
            return mirror.children.map { make($0.value) }
        case .enum:
            if let raw = value as? any RawRepresentable<String> { return raw.rawValue }
            return "\(value)"
        default:
            return value
        }
    }
}
