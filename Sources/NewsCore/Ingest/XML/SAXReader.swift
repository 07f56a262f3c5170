/// What `SAXDriver` hands a parse's events to: names and text as libxml2's UTF-8, attributes
/// read only when asked.
protocol SAXReader {
    mutating func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?, attributes: XMLAttributes)
    mutating func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?)
    /// Text, CDATA or whitespace (in the recovering mode only).
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>)
    /// An error (a namespace slip aside): libxml2's code (`xmlParserErrors`) and the line.
    mutating func syntaxError(code: Int32, line: Int32)
    /// A reference to an entity XML does not predefine (in the strict mode only).
    mutating func undefinedEntity(_ name: String, line: Int32)
    /// Set by the reader to end the parse: the driver stops libxml2 after the event.
    var stopped: Bool { get }
}

extension SAXReader {
    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {}
    mutating func undefinedEntity(_ name: String, line: Int32) {}

    /// "prefix:local", or "local" without a prefix.
    static func qualifiedName(_ localName: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?) -> String {
        guard let prefix else { return String(cString: localName) }
        return String(cString: prefix) + ":" + String(cString: localName)
    }
}
