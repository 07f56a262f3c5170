import CLibXML2

/// libxml2's global set-up, done once per process before any parser runs (feeds and OPML).
enum LibXML {
    static let initialised: Bool = {
        xmlInitParser()
        return true
    }()
}
