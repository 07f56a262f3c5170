import Foundation
import HeadlinesUI
import NewsCore
import TestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A 4000×3000 JPEG (a synthetic photograph, encoded here by libjpeg) turned into an 80×24-cell
/// preview: `PreviewDecoder.decode` (libjpeg at 1/8, then area averaging to 64×48 pixels) and
/// the half-block mapping into 256-colour glyphs. Beside it, in the same run, `djpeg -scale 1/8`
/// of the same file: libjpeg-turbo's own program doing only the decode, process start included.
///
/// Goal: the whole preview in under 60 ms (median wall time, release build).
enum PreviewBenchmark {
    static let size = PixelSize(width: 4_000, height: 3_000)
    static let cells = (columns: 80, rows: 24)
    static let goal = Duration.milliseconds(60)
    static let defaultRounds = 15

    static func run(_ options: BenchmarkOptions) throws -> BenchmarkOutcome {
        let rounds = options.rounds ?? defaultRounds

        // 1. The photograph, made and encoded outside the timing.
        let (data, makeTime) = try Timing.time {
            try JPEGFixture(
                width: size.width, height: size.height,
                pixels: SyntheticImage.photo(width: size.width, height: size.height), quality: 85
            ).encode()
        }
        let input = try BenchmarkInput(options, temporaryName: "preview.jpg")
        defer { input.discard() }
        let fileURL = input.url
        try data.write(to: fileURL)
        report("image: \(size) JPEG, quality 85, 4:2:0, \(Format.bytes(data.count)), made in \(Format.milliseconds(makeTime)) ms: \(fileURL.path)")

        var djpeg: String?
        if !options.swiftOnly {
            djpeg = ExternalCommand.find("djpeg")
            if djpeg == nil { report("djpeg: not installed (apt-get install libjpeg-turbo-progs): no reference figure") }
        }

        // 2. Alternate ours and djpeg so both see the same machine; round 0 warms up.
        let box = HalfBlocks.pixelSize(columns: cells.columns, rows: cells.rows)
        var preview = Series(), decode = Series(), mapping = Series(), reference = Samples(), referenceCPU = Samples()
        var shape = ""
        for round in 0...rounds {
            Timing.warmUpCPU(for: .milliseconds(20))
            let (image, decodeTime) = try Timing.measure { try PreviewDecoder.decode(data, format: .jpeg, fitting: box) }
            let (glyphs, mapTime) = Timing.measure { PictureCells(image, depth: .palette256).rows }
            guard glyphs.count == (image.height + 1) / 2, glyphs.first?.count == image.width else {
                throw BenchmarkFailure("mapped \(glyphs.count) rows for a \(image.size) image")
            }
            shape = "\(image.size) pixels, \(image.width)×\(glyphs.count) cells"
            var line =
                "  round \(round == 0 ? "w" : String(round)): preview \(Format.milliseconds(decodeTime.wall + mapTime.wall)) ms "
                + "(decode \(Format.milliseconds(decodeTime.wall)), map \(Format.milliseconds(mapTime.wall)))"
            if let djpeg {
                let ((run, wallTime), cpu) = try childCPU { try ExternalCommand.run(djpeg, ["-scale", "1/8", "-outfile", "/dev/null", fileURL.path]) }
                guard run.status == 0 else { throw BenchmarkFailure("djpeg exited \(run.status): \(run.stderrText.prefix(500))") }
                if round > 0 {
                    reference.append(wallTime)
                    referenceCPU.append(cpu)
                }
                line += ", djpeg \(Format.milliseconds(wallTime)) ms"
            }
            if round > 0 {
                decode.append(decodeTime)
                mapping.append(mapTime)
                preview.append(TimedRun(wall: decodeTime.wall + mapTime.wall, cpu: decodeTime.cpu + mapTime.cpu))
            }
            report(line)
        }

        // 3. The table.
        func row(_ name: String, _ series: Series) -> [String] {
            [name, Format.milliseconds(series.wall.median), Format.milliseconds(series.wall.min), Format.milliseconds(series.cpu.median)]
        }
        var rows = [
            row("Swift  preview (decode + map)", preview),
            row("  step PreviewDecoder.decode (libjpeg 1/8 + area average)", decode),
            row("  step half blocks + 256 colours", mapping),
        ]
        if !reference.isEmpty {
            rows.append([
                "djpeg -scale 1/8 (process, start-up included)", Format.milliseconds(reference.median),
                Format.milliseconds(reference.min), Format.milliseconds(referenceCPU.median),
            ])
        }
        report()
        report(Format.table(["\(size) JPEG to \(cells.columns)×\(cells.rows) cells", "median ms", "min ms", "cpu median ms"], rows))
        report("preview: \(shape)")

        let met = preview.wall.median < goal
        var summary = "preview \(Format.milliseconds(preview.wall.median)) ms (cpu \(Format.milliseconds(preview.cpu.median)))"
        if !reference.isEmpty {
            let ratio = preview.wall.median.milliseconds / reference.median.milliseconds
            summary +=
                " vs djpeg -scale 1/8 \(Format.milliseconds(reference.median)) ms (cpu \(Format.milliseconds(referenceCPU.median))) = \(Format.ratio(ratio))"
        } else if !options.swiftOnly {
            summary += " (djpeg not installed: no reference)"
        }
        summary += ", goal < \(Format.milliseconds(goal, decimals: 0)) ms"
        report("goal: preview under \(Format.milliseconds(goal, decimals: 0)) ms (median wall): \(met ? "PASS" : "MISS")")
        return BenchmarkOutcome(summary: summary, goalMet: met)
    }

    /// Runs `body` and returns the CPU time (user and system) its waited-for child processes used.
    private static func childCPU<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        func total() -> Duration {
            var usage = rusage()
            guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return .zero }
            return .seconds(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + .microseconds(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        }
        let before = total()
        let result = try body()
        return (result, total() - before)
    }
}
