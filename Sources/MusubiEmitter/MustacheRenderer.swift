/// Renders parsed templates against a ``TemplateValue``, following Mustache's rules: a name is
/// looked up in the innermost value that has it, then outwards; a section renders once for
/// `true` or a value, once per element for a list, and not at all for `false`, an empty list
/// or a missing name (an inverted section the other way round); a missing variable renders
/// nothing.
struct MustacheRenderer {
    let templates: [String: MustacheTemplate]

    /// The output is collected as UTF-8 bytes and made a `String` once: appending to a
    /// `String` piece by piece costs far more per append, and rendering a big client appends
    /// millions of pieces.
    func render(_ value: TemplateValue, with name: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(8192)
        var stack = [value]
        if let template = templates[name] {
            render(template.nodes, stack: &stack, indentation: "", into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func render(
        _ nodes: [MustacheTemplate.Node], stack: inout [TemplateValue], indentation: String, into output: inout [UInt8]
    ) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.appendUTF8(of: text)
            case .lineStart:
                if !indentation.isEmpty { output.appendUTF8(of: indentation) }
            case .variable(let path):
                switch lookUp(path, in: stack) {
                case .string(let text): output.appendUTF8(of: text)
                case .bool(let flag): output.appendUTF8(of: flag ? "true" : "false")
                case .int(let number): output.appendUTF8(of: String(number))
                case .list, .object, nil: break
                }
            case .section(let path, let children, let inverted):
                let value = lookUp(path, in: stack)
                if inverted {
                    if !value.isTruthy { render(children, stack: &stack, indentation: indentation, into: &output) }
                    continue
                }
                switch value {
                case nil, .bool(false): break
                case .bool(true): render(children, stack: &stack, indentation: indentation, into: &output)
                case .list(let elements):
                    for element in elements {
                        stack.append(element)
                        render(children, stack: &stack, indentation: indentation, into: &output)
                        stack.removeLast()
                    }
                case .some(let value):
                    stack.append(value)
                    render(children, stack: &stack, indentation: indentation, into: &output)
                    stack.removeLast()
                }
            case .partial(let name, let partialIndentation, _):
                // Every partial exists: the template set checks when it is loaded.
                guard let template = templates[name] else { continue }
                render(template.nodes, stack: &stack, indentation: indentation + partialIndentation, into: &output)
            }
        }
    }

    private func lookUp(_ path: MustacheTemplate.Path, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.components.first else { return stack.last }
        for value in stack.reversed() {
            guard case .object(let fields) = value, var found = fields[first] else { continue }
            for component in path.components.dropFirst() {
                guard case .object(let nested) = found, let next = nested[component] else { return nil }
                found = next
            }
            return found
        }
        return nil
    }
}

extension Optional where Wrapped == TemplateValue {
    /// Whether a section renders: not for a missing name, `false` or an empty list.
    fileprivate var isTruthy: Bool {
        switch self {
        case nil, .bool(false): false
        case .list(let elements): !elements.isEmpty
        default: true
        }
    }
}

extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes in one copy where the string stores them contiguously
    /// (native strings do), rather than byte by byte.
    mutating func appendUTF8(of text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil { append(contentsOf: text.utf8) }
    }
}
