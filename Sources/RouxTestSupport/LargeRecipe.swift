/// A Markdown recipe of about `bytes`, a heading then one step a line, for
/// the save and large-file tests.
public func largeRecipe(bytes: Int) -> String {
    var text = "# Tarte aux pommes\n"
    var number = 0
    while text.utf8.count < bytes {
        text += "Étape \(number) : éplucher les pommes et les couper en quartiers.\n"
        number += 1
    }
    return text
}
