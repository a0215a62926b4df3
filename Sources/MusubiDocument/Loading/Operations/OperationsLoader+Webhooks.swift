import MusubiReader

/// The requests the API sends rather than answers: OpenAPI 3.1's `webhooks` and the
/// `callbacks` of operations, each a path item whose operations are read like the API's own.
///
/// A webhook is `name → path item`; a callback `name → {expression → path item}`, where the
/// callback and each path item may be a `$ref` (`#/components/callbacks/…`,
/// `#/components/pathItems/…`). Callbacks of a callback's operations are not read: the
/// receiver of an event registers nothing, and reading them would let a spec nest without end.
extension OperationsLoader {
    /// The document's `webhooks`, in source order, one event per method of each path item;
    /// without them, `x-webhooks`, how OpenAPI 3.0 specs declare theirs (Redocly's extension:
    /// Dropbox Sign's events).
    func webhooks() -> [WebhookEvent] {
        let root = resolver.main.root
        let key = root["webhooks"] == nil ? "x-webhooks" : "webhooks"
        guard let node = root[key] else { return [] }
        guard let mapping = node.mapping else {
            warning("'\(key)' must be a mapping of names to path items; it is ignored", at: node.location)
            return []
        }
        return mapping.filter { !$0.key.hasPrefix("x-") }.flatMap { entry in
            events(named: entry.key, origin: .webhook, item: entry.value, keyLocation: entry.keyLocation)
        }
    }

    /// The `callbacks` of the operation `node`, which `registeredBy` names (`POST /streams`).
    func callbacks(of node: Node, registeredBy owner: String) -> [WebhookEvent] {
        guard let callbacks = node["callbacks"] else { return [] }
        guard let mapping = callbacks.mapping else {
            warning(
                "'callbacks' of operation '\(owner)' must be a mapping of names to callbacks; it is ignored",
                at: callbacks.location)
            return []
        }
        return mapping.filter { !$0.key.hasPrefix("x-") }.flatMap { entry -> [WebhookEvent] in
            resolver.withDereferenced(entry.value) { callback -> [WebhookEvent] in
                guard let expressions = callback.mapping else {
                    warning(
                        "callback '\(entry.key)' must be a mapping of URL expressions to path items; it is ignored",
                        at: callback.location)
                    return []
                }
                return expressions.filter { !$0.key.hasPrefix("x-") }.flatMap { expression in
                    events(
                        named: entry.key, origin: .callback(expression: expression.key, registeredBy: owner),
                        item: expression.value, keyLocation: entry.keyLocation)
                }
            } ?? []
        }
    }

    /// The events of one path item: one per operation, its `path` the webhook's name or the
    /// callback's expression.
    private func events(
        named name: String, origin: WebhookEvent.Origin, item original: Node, keyLocation: SourceLocation
    ) -> [WebhookEvent] {
        let kind = origin == .webhook ? "webhook" : "callback"
        guard !name.isEmpty else {
            warning("a \(kind) needs a non-empty name; it is ignored", at: keyLocation)
            return []
        }
        let path: String
        switch origin {
        case .webhook: path = name
        case .callback(let expression, _): path = expression
        }
        return resolver.withDereferenced(original) { item -> [WebhookEvent] in
            guard item.mapping != nil else {
                warning(
                    "\(kind) '\(name)' must be a path item (a mapping), found \(item.kindDescription); it is ignored",
                    at: item.location)
                return []
            }
            checkKeys(of: item, known: Self.pathItemFields, in: "\(kind) '\(name)'")
            let shared = parameters(item["parameters"])
            if PathWalker.operationEntries(of: item).isEmpty {
                warning("\(kind) '\(name)' has no operation; it is ignored", at: item.location)
            }
            return paths.operations(of: item) { method, node in
                operation(method, path: path, pathLocation: keyLocation, node: node, shared: shared, isEvent: true)
                    .map { documented($0, by: item) }
                    .map { WebhookEvent(name: name, origin: origin, operation: $0, location: keyLocation) }
            }
        } ?? []
    }
}
