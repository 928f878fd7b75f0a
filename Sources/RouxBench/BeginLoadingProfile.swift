import Foundation
import Recipes

enum BeginLoadingProfile {
    static func run() {
        let book = RecipeBenchmarks.book(bytes: 50_000_000)
        for _ in 0 ..< 3 {
            let time = Stopwatch.time { _ = try? MarkdownRecipeFormat.beginLoading(book) }
            print("beginLoading", Stopwatch.format(time))
        }
    }
}
