import Foundation

/// The bundled demo edition: a NewsAPI-shaped document with local images,
/// so that the first run shows news with no key and no network.
public enum DemoEdition {
    /// The demo document, `Resources/demo/headlines.json` in the source tree.
    public static var documentURL: URL? {
        Bundle.module.url(forResource: "headlines", withExtension: "json", subdirectory: "demo")
    }
}
