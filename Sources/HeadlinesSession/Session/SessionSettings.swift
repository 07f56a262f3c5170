import NewsCore

/// The settings a session reads, whole: the config's (the command line's options applied), and
/// the three a person changes for the session with a key (`s` the order, `U` the read articles,
/// `i` the pictures). The executable builds it once; reading the config again replaces `config`
/// and keeps those three unless the file changed them.
/// A new setting is a field of `ConfigSettings` and the line that reads it, no copy in between.
@dynamicMemberLookup
package struct SessionSettings: Sendable {
    package var config: ConfigSettings
    /// The order lists are read in (`sort`; `s` cycles it for the session).
    package var listOrder: ListOrder
    /// Lists show read articles (`show-read`; `U` toggles it for the session).
    package var showsRead: Bool
    /// Articles show their picture (`show-pictures`; `i` toggles it for the session).
    package var showsPictures: Bool

    package init(_ config: ConfigSettings = ConfigSettings()) {
        self.config = config
        listOrder = config.sort
        showsRead = config.showRead
        showsPictures = config.showPictures
    }

    /// The config read again: every setting is the file's, and a key's choice for the session
    /// stays only where the file did not change that setting (an edit wins, both ways).
    package mutating func reload(_ fresh: ConfigSettings) {
        if fresh.sort != config.sort { listOrder = fresh.sort }
        if fresh.showRead != config.showRead { showsRead = fresh.showRead }
        if fresh.showPictures != config.showPictures { showsPictures = fresh.showPictures }
        config = fresh
    }

    package subscript<Value>(dynamicMember setting: KeyPath<ConfigSettings, Value>) -> Value { config[keyPath: setting] }

    package subscript<Value>(dynamicMember setting: WritableKeyPath<ConfigSettings, Value>) -> Value {
        get { config[keyPath: setting] }
        set { config[keyPath: setting] = newValue }
    }
}
