/// A fixture encoder refused its input (a test's mistake, never the code under test's).
public struct ImageFixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
