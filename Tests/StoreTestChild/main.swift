import Foundation
@_spi(StoreTesting) import NewsCore

// A child process for the store's tests, which need a second process on the same file:
//
//   StoreTestChild hang-mid-merge DB READY-FILE ARTICLES
//       merges ARTICLES new articles into source "child"; halfway through the transaction,
//       writes its pid to READY-FILE and waits there for the SIGKILL the test sends.
//   StoreTestChild merge-rounds DB SOURCE ROUNDS PER-ROUND
//       ROUNDS merges of PER-ROUND new articles each into SOURCE; prints "done N".
//   StoreTestChild hold-lock DB
//       opens (or makes) the cache, takes its write lock, prints "locked", and holds it until its
//       stdin closes; then lets it go, prints "released" and exits.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StoreTestChild: \(message)\n".utf8))
    exit(1)
}

func articles(_ count: Int, prefix: String, bodyWords: Int) -> [Article] {
    let body = String(repeating: "childword filler text ", count: bodyWords)
    return (0..<count).compactMap { index in
        guard let url = URL(string: "https://child.example/\(prefix)/\(index)") else { return nil }
        return Article(
            title: "\(prefix) article \(index)", description: "written by the child", url: url,
            publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), guid: "\(prefix)-\(index)",
            body: .html("<p>\(body)</p>"))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail("no command") }

switch command {
case "hang-mid-merge":
    guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: hang-mid-merge DB READY-FILE ARTICLES") }
    let readyFile = URL(fileURLWithPath: arguments[2])
    let store = try await ArticleStore.open(at: URL(fileURLWithPath: arguments[1]))
    // A small page cache makes SQLite spill the transaction's pages into the WAL as it goes,
    // so the kill lands with uncommitted frames on disk.
    try await store.executeForTesting("PRAGMA cache_size = 20")
    await store.setMergeProbe { written in
        guard written == count / 2 else { return }
        let partial = readyFile.appendingPathExtension("part")
        do {
            try Data("\(getpid())".utf8).write(to: partial)
            try FileManager.default.moveItem(at: partial, to: readyFile)
        } catch {
            fail("cannot write the ready file: \(error)")
        }
        while true { pause() }  // inside the transaction, until killed
    }
    try await store.merge(Edition(articles: articles(count, prefix: "killed", bodyWords: 40)), into: SourceKey("child"))
    fail("the merge finished; it should have been killed halfway")

case "merge-rounds":
    guard arguments.count == 5, let rounds = Int(arguments[3]), let perRound = Int(arguments[4]) else {
        fail("usage: merge-rounds DB SOURCE ROUNDS PER-ROUND")
    }
    let source = arguments[2]
    let store = try await ArticleStore.open(at: URL(fileURLWithPath: arguments[1]), busyTimeout: .seconds(20))
    for round in 0..<rounds {
        try await store.merge(
            Edition(articles: articles(perRound, prefix: "\(source)-\(round)", bodyWords: 5)), into: SourceKey(source))
    }
    print("done \(rounds)")

case "hold-lock":
    guard arguments.count == 2 else { fail("usage: hold-lock DB") }
    let store = try await ArticleStore.open(at: URL(fileURLWithPath: arguments[1]))
    try await store.executeForTesting("BEGIN IMMEDIATE")
    FileHandle.standardOutput.write(Data("locked\n".utf8))  // unbuffered: the test waits for it
    _ = FileHandle.standardInput.readDataToEndOfFile()
    try await store.executeForTesting("ROLLBACK")
    FileHandle.standardOutput.write(Data("released\n".utf8))

default:
    fail("unknown command \(command)")
}
