/// The name of a task in a `TaskScope`. A run for a key cancels the one before it (latest
/// wins), so a typo must not silently start a second task: each owner declares its keys once,
/// beside the work they name, as static members used by name (`.spinner`, `.source(key)`):
///
///     extension TaskKey {
///         /// A spinner's ticks.
///         static let spinner = TaskKey("spinner")
///     }
///
/// A key is its declaring file, its name and what it is for (a source, a server), so two
/// owners' keys never meet, even under one name (as a feature's cancel ids in TCA are its own).
package struct TaskKey: Hashable, Sendable, CustomStringConvertible {
    private let owner: String
    private let name: String
    private let subject: String?

    /// A key named `name` (for `subject`: a source's key, a server's name), owned by the file that declares it.
    package init(_ name: String, for subject: String? = nil, owner: String = #fileID) {
        self.owner = owner
        self.name = name
        self.subject = subject
    }

    package var description: String { subject.map { "\(name)(\($0))" } ?? name }
}
