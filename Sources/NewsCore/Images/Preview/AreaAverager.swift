/// Shrinks a picture by area averaging, fed one source row at a time, so the full-size image
/// never has to be in memory. Each target pixel is the mean of the source area it covers,
/// source pixels on a boundary counting in part on each side: a checkerboard comes out as its
/// mean grey, and a uniform area keeps its exact colour.
///
/// Rows may come in any order and sparse (PNG's Adam7 passes, GIF's interlace); every source
/// pixel must be added exactly once.
struct AreaAverager {
    let source: PixelSize
    let target: PixelSize
    /// Per source column: the target column it starts in, the next one, and its share of
    /// each (the shares add up to 1).
    private let columns: [Split]
    /// Running sums for each target pixel and channel.
    private var sums: [Double]
    /// One source row reduced to the target's width.
    private var rowSums: [Float]

    struct Split {
        var first: Int
        var second: Int
        var firstShare: Float
        var secondShare: Float
    }

    /// `target` is clamped to at most `source` and at least 1×1 on each side.
    init(source: PixelSize, target: PixelSize) {
        let source = PixelSize(width: max(1, source.width), height: max(1, source.height))
        let target = PixelSize(
            width: min(source.width, max(1, target.width)),
            height: min(source.height, max(1, target.height)))
        self.source = source
        self.target = target
        columns = (0..<source.width).map { Self.split($0, from: source.width, to: target.width) }
        sums = [Double](repeating: 0, count: target.width * target.height * 3)
        rowSums = [Float](repeating: 0, count: target.width * 3)
    }

    /// How source pixel `index` of `count` divides between target cells of `cells` (cells ≤ count).
    /// Integer arithmetic, so a pixel exactly on a boundary is never split by rounding.
    static func split(_ index: Int, from count: Int, to cells: Int) -> Split {
        // Cell c covers [c·count/cells, (c+1)·count/cells); pixel i covers [i, i+1). Scaled by cells:
        let first = min(cells - 1, index * cells / count)
        let inFirst = min(cells, (first + 1) * count - index * cells)  // in units of 1/cells
        let share = Float(inFirst) / Float(cells)
        let second = min(cells - 1, first + 1)
        return Split(first: first, second: second, firstShare: share, secondShare: first == second ? 0 : 1 - share)
    }

    /// Adds `count` RGB pixels of source row `y`, at columns `firstColumn`, `firstColumn +
    /// columnStep`, ...; `count` defaults to all of `rgb`. Pixels outside the source are ignored.
    mutating func add(row y: Int, rgb: UnsafeBufferPointer<UInt8>, firstColumn: Int = 0, columnStep: Int = 1, count: Int? = nil) {
        let count = min(count ?? rgb.count / 3, rgb.count / 3)
        guard y >= 0, y < source.height, firstColumn >= 0, columnStep >= 1, count > 0 else { return }
        let usable = min(count, (source.width - 1 - firstColumn) / columnStep + 1)
        guard usable > 0 else { return }
        let targetWidth = target.width
        rowSums.withUnsafeMutableBufferPointer { row in
            columns.withUnsafeBufferPointer { columns in
                for index in 0..<row.count { row[index] = 0 }
                var x = firstColumn
                for pixel in 0..<usable {
                    let split = columns[x]
                    let first = split.first * 3, second = split.second * 3, source = pixel * 3
                    for channel in 0..<3 {
                        let value = Float(rgb[source + channel])
                        row[first + channel] += value * split.firstShare
                        row[second + channel] += value * split.secondShare
                    }
                    x += columnStep
                }
            }
        }
        let vertical = Self.split(y, from: source.height, to: target.height)
        sums.withUnsafeMutableBufferPointer { sums in
            rowSums.withUnsafeBufferPointer { row in
                let firstRow = vertical.first * targetWidth * 3, secondRow = vertical.second * targetWidth * 3
                let firstShare = Double(vertical.firstShare), secondShare = Double(vertical.secondShare)
                for index in 0..<row.count {
                    let value = Double(row[index])
                    sums[firstRow + index] += value * firstShare
                    sums[secondRow + index] += value * secondShare
                }
            }
        }
    }

    /// The averaged picture (complete once every source pixel was added).
    func image() -> RGBImage {
        // Every target pixel covers (source/target)² of area: divide the sums by it.
        let scale = Double(target.width) * Double(target.height) / (Double(source.width) * Double(source.height))
        let pixels = sums.map { sum in UInt8(min(255, max(0, (sum * scale).rounded()))) }
        return RGBImage(checkedWidth: target.width, height: target.height, pixels: pixels)
    }
}
