import NewsCore

/// The settings a session reads, whole: the config's (the command line's options applied), and
/// the two a person changes for the session with a key (`s` the order, `U` the read articles).
/// The executable builds it once; reading the config again replaces `config` and keeps those two.
/// A new setting is a field of `ConfigSettings` and the line that reads it, no copy in between.
@dynamicMemberLookup
package struct SessionSettings: Sendable {
    package var config: ConfigSettings
    /// The order lists are read in (`sort`; `s` cycles it for the session).
    package var listOrder: ListOrder
    /// Lists show read articles (`show-read`; `U` toggles it for the session).
    package var showsRead: Bool

    package init(_ config: ConfigSettings = ConfigSettings()) {
        self.config = config
        listOrder = config.sort
        showsRead = config.showRead
    }

    package subscript<Value>(dynamicMember setting: KeyPath<ConfigSettings, Value>) -> Value { config[keyPath: setting] }

    package subscript<Value>(dynamicMember setting: WritableKeyPath<ConfigSettings, Value>) -> Value {
        get { config[keyPath: setting] }
        set { config[keyPath: setting] = newValue }
    }
}
