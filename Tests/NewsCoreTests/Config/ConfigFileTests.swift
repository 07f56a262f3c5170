import Foundation
import Testing
@testable import NewsCore
import TestSupport

@Suite("Config file")
struct ConfigFileTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder("config") }

    private func write(_ text: String, mode: Int, name: String = "config") throws -> URL {
        let url = try folder.write(Data(text.utf8), to: name)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    private func load(_ url: URL, mustExist: Bool = false) throws(ConfigError) -> Config? {
        try ConfigFile.load(url, mustExist: mustExist, environment: ["HOME": "/nonexistent-home"], knownActions: ConfigFixture.actions)
    }

    @Test func aMissingFileIsNoConfigUnlessItWasAskedFor() throws {
        let url = folder.file("absent")
        #expect(try load(url) == nil)
        #expect(throws: ConfigError(file: url.path, line: nil, reason: "no such file")) { try load(url, mustExist: true) }
    }

    @Test func aKeyInAFileOthersCanReadIsRefused() throws {
        let url = try write("timeout = 5\nnewsapi-key = abcdef0123456789\n", mode: 0o644)
        let error = try #require(throws: ConfigError.self) { try load(url) }
        #expect(error.line == 2)
        #expect(error.reason.contains("the file holds a NewsAPI key but others can read it (mode 644)"))
        #expect(error.reason.contains("chmod 600 \(url.path)"))
    }

    @Test(arguments: [0o640, 0o604, 0o660, 0o601])
    func groupOrOtherBitsAreEnoughToRefuse(mode: Int) throws {
        let url = try write("newsapi-key = abcdef0123456789\n", mode: mode)
        #expect(throws: ConfigError.self) { try load(url) }
    }

    @Test func aKeyInAPrivateFileIsRead() throws {
        let url = try write("newsapi-key = abcdef0123456789\n", mode: 0o600)
        #expect(try load(url)?.settings.newsAPIKey == "abcdef0123456789")
    }

    @Test func aFileWithoutAKeyMayBeReadable() throws {
        let url = try write("timeout = 5\n", mode: 0o644)
        #expect(try load(url)?.settings.timeoutSeconds == 5)
    }

    @Test func theEnvironmentKeyWinsOverTheFile() throws {
        let url = try write("newsapi-key = fromfile0123\n", mode: 0o600)
        let config = try load(url)
        #expect(
            NewsAPIKey.resolve(environment: ["NEWSAPI_KEY": " fromenv0123\n"], config: config)
                == NewsAPIKey(key: "fromenv0123", origin: .environment))
        #expect(
            NewsAPIKey.resolve(environment: ["NEWSAPI_KEY": "  "], config: config)
                == NewsAPIKey(key: "fromfile0123", origin: .configFile))
        #expect(NewsAPIKey.resolve(environment: [:], config: config) == NewsAPIKey(key: "fromfile0123", origin: .configFile))
        #expect(NewsAPIKey.resolve(environment: [:], config: nil) == nil)
        #expect(NewsAPIKey.resolve(environment: ["NEWSAPI_KEY": "k123"], config: nil)?.key == "k123")
    }

    @Test func relativePathsInTheFileAreReadFromItsFolder() throws {
        let url = try write("[source \"Local\"]\nurl = ./feed.xml\n", mode: 0o600)
        #expect(try load(url)?.sources.first?.location?.path == folder.file("feed.xml").path)
    }

    @Test func refusesWhatIsNotAUTF8TextFile() throws {
        let binary = try folder.write(Data([0x74, 0x3D, 0xFF, 0xFE]), to: "binary")
        #expect(throws: ConfigError(file: binary.path, line: nil, reason: "it is not UTF-8 text")) { try load(binary) }
        #expect(throws: ConfigError(file: folder.path, line: nil, reason: "it is not a regular file")) { try load(folder.url) }
        let huge = try folder.write(Data(repeating: 0x23, count: ConfigFile.maxSize + 1), to: "huge")
        #expect(throws: ConfigError(file: huge.path, line: nil, reason: "it is larger than 4 MiB")) { try load(huge) }
    }

    @Test func errorsNameTheFileUnderHomeWithATilde() throws {
        let url = try write("colour = red\n", mode: 0o600)
        let home = folder.path
        let error = try #require(throws: ConfigError.self) {
            try ConfigFile.load(url, environment: ["HOME": home], knownActions: [])
        }
        #expect(error.message == #"~/config:1: unknown setting "colour"."#)
    }
}

@Suite("Config paths")
struct ConfigPathsTests {
    @Test func xdgConfigHomeComesFirst() {
        let url = ConfigPaths.configFile(explicit: nil, environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/a"], workingDirectory: "/")
        #expect(url?.path == "/xdg/headlines/config")
    }

    @Test func elseTheHomeFolder() {
        #expect(
            ConfigPaths.configFile(explicit: nil, environment: ["HOME": "/home/a"], workingDirectory: "/")?.path
                == "/home/a/.config/headlines/config")
        // The XDG spec says a relative XDG_CONFIG_HOME is ignored.
        #expect(
            ConfigPaths.configFile(explicit: nil, environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"], workingDirectory: "/")?.path
                == "/home/a/.config/headlines/config")
    }

    @Test func anExplicitFileWins() {
        let env = ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/a"]
        #expect(ConfigPaths.configFile(explicit: "my.conf", environment: env, workingDirectory: "/work")?.path == "/work/my.conf")
        #expect(ConfigPaths.configFile(explicit: "/etc/h.conf", environment: env, workingDirectory: "/work")?.path == "/etc/h.conf")
        #expect(ConfigPaths.configFile(explicit: "~/h.conf", environment: env, workingDirectory: "/work")?.path == "/home/a/h.conf")
    }

    @Test func displayAbbreviatesTheHomeFolder() {
        #expect(ConfigPaths.display("/home/a/.config/headlines/config", environment: ["HOME": "/home/a"]) == "~/.config/headlines/config")
        #expect(ConfigPaths.display("/home/ab/x", environment: ["HOME": "/home/a"]) == "/home/ab/x")
        #expect(ConfigPaths.display("/etc/x", environment: ["HOME": "/"]) == "/etc/x")
    }
}
