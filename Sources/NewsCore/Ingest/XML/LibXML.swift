import CLibXML2

/// libxml2, loaded at the first parse (feeds and OPML), with its global set-up done once per
/// process (see cxml.h).
enum LibXML {
    /// Why libxml2 cannot parse, when it cannot: one sentence's reason.
    struct Unavailable: Error, Equatable {
        let reason: String
    }

    static let loaded: Result<Void, Unavailable> = {
        var message = [CChar](repeating: 0, count: 512)
        guard cxml_load(&message, message.count) == 0 else {
            return .failure(Unavailable(reason: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
        }
        return .success(())
    }()
}
