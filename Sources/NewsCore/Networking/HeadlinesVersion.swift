/// Our version string, sent as the user agent and printed by `--version`.
public enum HeadlinesVersion {
    public static let string = "0.1.0"
}
