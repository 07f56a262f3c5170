import CNCursesW
import NewsCore
public enum HeadlinesUIVersion { public static let string = "0.1.0" }
