/// Byte counts the way a person reads them: 512 bytes, 32 MiB, 1.5 GiB.
public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number) \(units[unit])"
    }
}
