public enum NewsCoreVersion { public static let string = "0.1.0" }
