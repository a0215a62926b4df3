import Dispatch

/// The code of each struct is laid out once all of them are declared, on all cores.
///
/// A struct's decoding statements, initializer and storage class depend on nothing but the
/// struct, and laying them out is most of the text it becomes: done while declaring, it kept
/// one core busy for a sixth of Stripe's generation, the other idle.
extension ModelBuilder {
    func layOutStructs() {
        let offsets = models.indices.filter { models[$0].kind == .struct }
        let access = access
        updateModels { models in
            // Each iteration changes only its own element.
            nonisolated(unsafe) let models = models
            DispatchQueue.concurrentPerform(iterations: offsets.count) { index in
                models[offsets[index]].layOutStructCode(access: access)
            }
        }
    }
}

extension ModelDeclaration {
    /// Lays out the coding of each property, the initializer and the storage class.
    mutating func layOutStructCode(access: String) {
        for index in properties.indices { properties[index].layOutCoding() }
        initDeclarationLines = ModelBuilder.initDeclarationLines(initParameters, access: access)
        ModelBuilder.layOutStorage(of: &self)
    }
}
