import Foundation
import Testing
import HeadlinesKeys

/// The README's key table says what the key table says.
@Suite("Key documentation")
struct KeyDocumentationTests {
    @Test func theReadmeKeyTableIsTheKeyTable() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains(KeyTable.markdown()), "README.md's key table differs from KeyTable.markdown():\n\(KeyTable.markdown())")
        #expect(text.contains(MouseGestures.markdown()), "README.md's mouse table differs:\n\(MouseGestures.markdown())")
    }
}
