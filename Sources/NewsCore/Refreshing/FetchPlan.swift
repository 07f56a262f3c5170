import FoundationEssentials

/// What the cache knows that shapes a refresh's request.
public struct FetchPlan: Sendable, Hashable {
    /// The validators of the last answer: the feed's, when a page led to one.
    public var validators: HTTPValidators?
    /// The feed the source's page named, to be asked for directly.
    public var feed: URL?
    /// Read the page again first (the feed was found long ago); the feed's validators still
    /// apply when the page names the same feed.
    public var recheckPage: Bool

    public init(validators: HTTPValidators? = nil, feed: URL? = nil, recheckPage: Bool = false) {
        self.validators = validators
        self.feed = feed
        self.recheckPage = recheckPage
    }
}
