/// The values NewsAPI's top-headlines filters take, as NewsAPI documents them: the config file
/// checks `category` against them, and the shell completions offer them for `--category` and
/// `--country`.
public enum NewsAPIFilters {
    public static let categories = ["business", "entertainment", "general", "health", "science", "sports", "technology"]

    /// Two-letter country codes (ISO 3166-1).
    public static let countries = [
        "ae", "ar", "at", "au", "be", "bg", "br", "ca", "ch", "cn", "co", "cu", "cz", "de", "eg", "fr", "gb", "gr",
        "hk", "hu", "id", "ie", "il", "in", "it", "jp", "kr", "lt", "lv", "ma", "mx", "my", "ng", "nl", "no", "nz",
        "ph", "pl", "pt", "ro", "rs", "ru", "sa", "se", "sg", "si", "sk", "th", "tr", "tw", "ua", "us", "ve", "za",
    ]
}
