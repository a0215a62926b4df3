import Foundation

/// Renders parsed templates against a ``TemplateValue``, following Mustache's rules: a name is
/// looked up in the innermost value that has it, then outwards; a section renders once for
/// `true` or a value, once per element for a list, and not at all for `false`, an empty list
/// or a missing name (an inverted section the other way round); a missing variable renders
/// nothing.
///
/// Rendering is bounded by ``RenderingLimits``, checked as it goes: sections over lists nested
/// in each other multiply what they render (eight `{{#properties}}` deep around one line, for
/// structs of ten properties, is a hundred million lines), and such a template must be an
/// error that names it, not a run that fills memory or never ends.
struct MustacheRenderer {
    let templates: [String: MustacheTemplate]

    /// The output is collected as UTF-8 bytes and made a `String` once: appending to a
    /// `String` piece by piece costs far more per append, and rendering a big client appends
    /// millions of pieces.
    func render(_ value: TemplateValue, with name: String, budget: RenderingBudget) throws(TemplateError) -> String {
        guard let template = templates[name] else { return "" }
        var rendering = Rendering(stack: [value], limits: budget.limits)
        rendering.output.reserveCapacity(8192)
        try render(template.nodes, of: template, depth: 0, indentation: "", into: &rendering)
        try rendering.checkLimits(in: template)
        try budget.charge(bytes: rendering.output.count, steps: rendering.steps, rendering: template)
        return String(decoding: rendering.output, as: UTF8.self)
    }

    /// Renders `nodes`, which are `template`'s, `depth` partials deep.
    private func render(
        _ nodes: [MustacheTemplate.Node], of template: MustacheTemplate, depth: Int, indentation: String,
        into rendering: inout Rendering
    ) throws(TemplateError) {
        for node in nodes {
            // Before every node, so the output stops growing, at most one text or value past
            // the limit, wherever the nodes come from.
            try rendering.checkLimits(in: template)
            rendering.steps += 1
            switch node {
            case .text(let text):
                rendering.output.appendUTF8(of: text)
            case .lineStart:
                if !indentation.isEmpty { rendering.output.appendUTF8(of: indentation) }
            case .variable(let path):
                switch rendering.lookUp(path) {
                case .string(let text): rendering.output.appendUTF8(of: text)
                case .bool(let flag): rendering.output.appendUTF8(of: flag ? "true" : "false")
                case .int(let number): rendering.output.appendUTF8(of: String(number))
                case .list, .object, nil: break
                }
            case .section(let path, let children, let inverted):
                let value = rendering.lookUp(path)
                if inverted {
                    if !value.isTruthy {
                        try render(children, of: template, depth: depth, indentation: indentation, into: &rendering)
                    }
                    continue
                }
                switch value {
                case nil, .bool(false): break
                case .bool(true):
                    try render(children, of: template, depth: depth, indentation: indentation, into: &rendering)
                case .list(let elements):
                    for element in elements {
                        rendering.stack.append(element)
                        try render(children, of: template, depth: depth, indentation: indentation, into: &rendering)
                        rendering.stack.removeLast()
                    }
                case .some(let value):
                    rendering.stack.append(value)
                    try render(children, of: template, depth: depth, indentation: indentation, into: &rendering)
                    rendering.stack.removeLast()
                }
            case .partial(let name, let partialIndentation, let line, let column):
                // Every partial exists and none includes itself: the template set checks both
                // when it is loaded. The depth is a second line of defence against the latter.
                guard let partial = templates[name] else { continue }
                guard depth < rendering.limits.partialDepth else {
                    throw TemplateError(
                        file: template.file, line: line, column: column,
                        message:
                            "partials are included more than \(rendering.limits.partialDepth) deep: a template includes itself"
                    )
                }
                try render(
                    partial.nodes, of: partial, depth: depth + 1, indentation: indentation + partialIndentation,
                    into: &rendering)
            }
        }
    }
}

/// One render in progress: the values of the sections it is in, what it has written, and how
/// many steps it has taken (nodes rendered and values looked in).
private struct Rendering {
    var stack: [TemplateValue]
    let limits: RenderingLimits
    var output: [UInt8] = []
    var steps = 0

    init(stack: [TemplateValue], limits: RenderingLimits) {
        self.stack = stack
        self.limits = limits
    }

    /// The value `path` names, looked up from the innermost value outwards; every value looked
    /// in is a step, as sections nested deep make lookups walk far.
    mutating func lookUp(_ path: MustacheTemplate.Path) -> TemplateValue? {
        guard let first = path.components.first else { return stack.last }
        for value in stack.reversed() {
            steps += 1
            guard case .object(let fields) = value, var found = fields[first] else { continue }
            for component in path.components.dropFirst() {
                guard case .object(let nested) = found, let next = nested[component] else { return nil }
                found = next
            }
            return found
        }
        return nil
    }

    func checkLimits(in template: MustacheTemplate) throws(TemplateError) {
        if output.count > limits.bytesPerRender {
            throw RenderingLimits.exceeded(
                "rendering one declaration passed \(RenderingLimits.describe(bytes: limits.bytesPerRender)) of output",
                "the most a template may write for one", in: template)
        }
        if steps > limits.stepsPerRender {
            throw RenderingLimits.exceeded(
                "rendering one declaration passed \(limits.stepsPerRender) steps \(RenderingLimits.steps)",
                "the most a template may take for one", in: template)
        }
    }
}

/// How much rendering may write and do, for one declaration (one render of a template) and for
/// a whole run, far above what any real client needs.
///
/// Of the clients generated from real specs, the most one declaration renders is 85 KB in
/// 12 059 steps (Stripe models; declarations sharing a file make files of up to 215 KB, GitHub's
/// `Models/Pull.swift`), and the most a run renders is Stripe's package, 7.7 MB in 1 029 792
/// steps. A declaration may write 8 MiB in 1 000 000 steps, about 100 and 80 times that, and a
/// run 256 MiB in 32 000 000 steps, about 33 and 31 times Stripe's. Steps (every text, tag and
/// partial rendered, and every value a name is looked up in) bound the time sections over lists
/// take even when they write nothing: a step is at most a dictionary lookup, so a run's steps
/// take a few seconds at most. Past a limit, rendering stops before memory grows large, with an
/// error at the schema or operation of the declaration being rendered (``Emitter``).
struct RenderingLimits: Sendable {
    var bytesPerRender = 8 << 20
    var stepsPerRender = 1_000_000
    var bytesPerRun = 256 << 20
    var stepsPerRun = 32_000_000
    /// How deep partials may include partials. The template set rejects a template that
    /// includes itself, so this is never reached through it: there are only eleven templates.
    var partialDepth = 64

    /// What to look for when a template passes a limit.
    static let hint = "sections over lists nested in each other multiply what they render"

    /// What a step is, for messages.
    static let steps = "(text, tags and partials rendered, and values names are looked up in)"

    /// The error for `template` passing a limit: what it passed, and what the limit is.
    static func exceeded(_ passed: String, _ limit: String, in template: MustacheTemplate) -> TemplateError {
        TemplateError(file: template.file, message: "\(passed), \(limit); \(hint)")
    }

    /// `8 MiB`, `512 KiB` or `100 bytes`, for messages.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// The output and steps of every render of one run, against the run's ``RenderingLimits``.
/// Files are rendered on all cores, so it is shared, behind a lock taken once per render.
final class RenderingBudget: @unchecked Sendable {
    let limits: RenderingLimits
    private let lock = NSLock()
    private var bytes = 0
    private var steps = 0
    private var stopped = false

    init(limits: RenderingLimits = RenderingLimits()) {
        self.limits = limits
    }

    /// Adds one finished render, and throws when the run has now passed a limit.
    func charge(bytes: Int, steps: Int, rendering template: MustacheTemplate) throws(TemplateError) {
        lock.lock()
        self.bytes += bytes
        self.steps += steps
        let (totalBytes, totalSteps) = (self.bytes, self.steps)
        lock.unlock()
        if totalBytes > limits.bytesPerRun {
            // The whole run's output: the spec's size as much as any template's.
            throw TemplateError(
                file: template.file,
                message: "the templates' output passed \(RenderingLimits.describe(bytes: limits.bytesPerRun)), "
                    + "the most one run may write; the spec declares more than one client can hold, "
                    + "or \(RenderingLimits.hint)")
        }
        if totalSteps > limits.stepsPerRun {
            throw RenderingLimits.exceeded(
                "rendering passed \(limits.stepsPerRun) steps \(RenderingLimits.steps)", "the most one run may take",
                in: template)
        }
    }

    /// Whether a render has failed, so the renders not yet started need not be.
    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
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
