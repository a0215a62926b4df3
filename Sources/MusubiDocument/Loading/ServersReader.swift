import MusubiReader

/// Reads a `servers` list, as the document, a path item and an operation may have one.
///
/// It needs only the reporter; it returns the servers that have a `url`, in source order.
struct ServersReader: SpecReading {
    let reporter: LoadingReporter
    /// The identities given so far (``ServerDescription/identity``).
    private let given = Count()

    private final class Count {
        var value = 0
    }

    func servers(_ node: Node?) -> [ServerDescription] {
        guard let node else { return [] }
        guard let list = node.sequence else {
            warning("'servers' should be a list", at: node.location)
            return []
        }
        return list.compactMap { server -> ServerDescription? in
            guard let url = string(server, "url") else {
                warning("a server needs a 'url'", at: server.location)
                return nil
            }
            let variables =
                server["variables"]?.mapping?.map { entry in
                    ServerDescription.Variable(
                        name: entry.key,
                        defaultValue: string(entry.value, "default") ?? "",
                        allowedValues: allowedValues(entry.value["enum"]),
                        description: string(entry.value, "description"))
                } ?? []
            given.value += 1
            var description = ServerDescription(
                url: url, description: string(server, "description"), variables: variables,
                location: server.location, identity: given.value)
            description.file = current.path
            return description
        }
    }

    /// A variable's listed values, each once: a value listed twice (Datadog's `uk1.datadoghq.com`)
    /// is a located warning, as in a schema's `enum`, since it could not be two enum cases.
    private func allowedValues(_ node: Node?) -> [String] {
        var seen: Set<String> = []
        var values: [String] = []
        for item in node?.sequence ?? [] {
            guard let text = item.scalarText else { continue }
            guard seen.insert(text).inserted else {
                warning("duplicate enum value '\(text)' is ignored", at: item.location)
                continue
            }
            values.append(text)
        }
        return values
    }
}
