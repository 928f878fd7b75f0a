import Foundation
import RecipeFormats

/// `--profile-save`: serialising a 5 MB recipe book to Markdown, many times,
/// for a profiler to see where saving goes (no disk).
enum SaveProfile {
    static func run() {
        let recipe = MarkdownRecipeFormat.parse(RecipeBenchmarks.book(bytes: 5_000_000))
        var times: [Double] = []
        for _ in 0 ..< 10 { times.append(Stopwatch.time { _ = MarkdownRecipeFormat.serialize(recipe) }) }
        print("serialise 5 MB: median \(Stopwatch.format(Stopwatch.median(times)))")
    }
}
