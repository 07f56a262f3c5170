import Foundation
import Testing

/// A house rule, checked over the sources: results are gathered from task groups through
/// `OrderedResults` (or a group whose children call a named function), never by a tuple built
/// around a `try await` inside the child's closure, which Swift 6.3.1's optimised builds
/// miscompile (see `OrderedResults`): the release `--print` lost sources that way.
@Suite struct TaskGroupRuleTests {
    static let sources: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources, with its lines.
    static func swiftFiles() throws -> [(path: String, lines: [Substring])] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var files: [(String, [Substring])] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            // Comments may name the pattern; only code is checked.
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line
            }
            files.append((path, code))
        }
        return files
    }

    @Test func noTupleIsReturnedAroundATryAwait() throws {
        var offending: [String] = []
        for (path, lines) in try Self.swiftFiles() {
            for (number, line) in lines.enumerated() where line.contains("return (") && line.contains("try await") {
                offending.append("\(path):\(number + 1)")
            }
        }
        #expect(offending.isEmpty, "a tuple literal around a `try await` (miscompiled when optimised): \(offending)")
    }

    @Test func everyChildTaskCallsANamedFunction() throws {
        var offending: [String] = []
        for (path, lines) in try Self.swiftFiles() {
            for (number, line) in lines.enumerated() where line.contains("addTask {") {
                // One call, awaited, whose value is the child's: `group.addTask { try await self.page(request) }`.
                let body = line.split(separator: "addTask {", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
                let oneCall = body.range(of: #"^(try )?await [A-Za-z_][A-Za-z0-9_.]*\(.*\) \}$"#, options: .regularExpression) != nil
                if !oneCall { offending.append("\(path):\(number + 1)") }
            }
        }
        #expect(offending.isEmpty, "a child task whose closure does more than call a named function: \(offending)")
    }
}
