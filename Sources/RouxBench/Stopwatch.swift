import Foundation

/// Monotonic timing and medians for the benchmark printouts.
enum Stopwatch {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` once and returns how long it took, in seconds.
    static func time(_ body: () -> Void) -> Double {
        let start = seconds()
        body()
        return seconds() - start
    }

    /// CPU time of this process (all threads, user and system), in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Runs `body` once: wall-clock and CPU seconds.
    static func timeWithCPU(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        let cpu = cpuSeconds()
        let wall = time(body)
        return (wall, cpuSeconds() - cpu)
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1e-3 ? String(format: "%.1f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1e3)
    }

    /// Peak resident memory of this process so far, in bytes (Linux's VmHWM).
    static func peakMemory() -> Int { memoryFigure("VmHWM:") }

    static func residentMemory() -> Int { memoryFigure("VmRSS:") }

    /// A figure of /proc/self/status, in bytes.
    private static func memoryFigure(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
