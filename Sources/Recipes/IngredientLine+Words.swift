/// The words an ingredient line is read with, per language (English,
/// French, German, Spanish, Italian, Hebrew), lower case. Add a language's
/// words here; units are in `Resources/units.txt`.
extension IngredientLineReader {
    /// Numbers written as words, as the digits `Quantity` reads.
    static let numberWords: [String: String] = {
        var words: [String: String] = [:]
        let languages: [[String: String]] = [
            ["a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
             "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "dozen": "12", "half": "1/2"],
            ["un": "1", "une": "1", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "sept": "7", "huit": "8",
             "neuf": "9", "dix": "10", "douze": "12", "demi": "1/2", "demie": "1/2"],
            ["ein": "1", "eine": "1", "einen": "1", "zwei": "2", "drei": "3", "vier": "4", "fünf": "5", "sechs": "6",
             "sieben": "7", "acht": "8", "neun": "9", "zehn": "10", "zwölf": "12", "halbe": "1/2", "halber": "1/2", "halbes": "1/2"],
            ["una": "1", "uno": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "media": "1/2", "medio": "1/2"],
            ["due": "2", "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "mezzo": "1/2", "mezza": "1/2"],
            ["אחד": "1", "אחת": "1", "שני": "2", "שתי": "2", "שלוש": "3", "שלושה": "3", "ארבע": "4", "חמש": "5", "חצי": "1/2"],
        ]
        for language in languages { words.merge(language) { first, _ in first } }
        return words
    }()

    /// Number words that are also articles: "a" is one only before a unit
    /// or a name ("an egg"), not alone.
    static let articles: Set<String> = ["a", "an", "un", "une", "ein", "eine", "einen", "una", "uno"]

    /// After an article, an amount that is no number: "a few", "un peu".
    static let vagueWords: Set<String> = ["few", "little", "couple", "bit", "peu", "bisschen", "wenig", "poco", "po'"]

    /// "pinch of salt", "Prise Salz", "קורט מלח": units that stand for one without a number.
    static let countedWithoutNumber: Set<String> = [
        "pinch", "dash", "splash", "handful", "knob", "pincée", "prise", "msp.", "handvoll", "pizca", "pizzico", "קורט",
    ]

    /// Sizes and measures' fullness, before the unit or the name.
    static let sizeWords: Set<String> = [
        "large", "medium", "small", "big", "extra-large", "jumbo", "heaping", "heaped", "level", "scant", "generous",
        "good", "rounded", "gros", "grosse", "grosses", "petit", "petite", "petits", "petites", "bonne",
        "belle", "große", "großer", "großes", "kleine", "kleiner", "kleines", "mittelgroße", "mittelgroßer", "gehäufter",
        "gehäufte", "gestrichener", "gestrichene", "gestr.", "grande", "grandes", "pequeño", "pequeña", "gran",
    ]

    /// Preparation written before the name ("chopped onions"): to the note.
    static let preparationWords: Set<String> = [
        "chopped", "minced", "diced", "sliced", "grated", "shredded", "melted", "softened", "sifted", "packed",
        "crushed", "beaten", "peeled", "cubed", "halved", "quartered", "toasted", "drained", "rinsed", "thawed",
        "cooked", "uncooked", "mashed", "crumbled", "julienned", "pitted", "seeded", "trimmed", "zested", "juiced",
        "finely", "roughly", "coarsely", "thinly", "thickly", "freshly", "lightly", "firmly", "loosely", "well",
        "steamed", "cold", "warm", "hot", "lukewarm", "room-temperature", "frozen", "gehackte", "gehackter", "geriebener", "geriebene",
        "geschmolzene", "weiche", "zimmerwarme",
    ]

    /// An amount that is no number, alone before the name ("etwas Knoblauch").
    static let vagueAmounts: Set<String> = ["some", "etwas", "quelques", "algunos", "algunas"]

    /// Between the quantity and the name, kept out of both.
    static let connectors = ["de la ", "de l'", "de l’", "de ", "d'", "d’", "des ", "du ", "of ", "di ", "del ", "della ", "dello "]

    /// After an amount, its upper end follows ("2 to 3"): longest first.
    static let rangeSeparators = ["bis", "to", "or", "ou", "oder", "à", "a", "o", "-", "–", "—", "~"]

    /// Before an amount in parentheses ("(about 240 ml)").
    static let approximately = ["approximately", "approx.", "approx", "about", "around", "environ", "env.", "etwa", "ca.", "circa", "unos", "circa"]

    /// Phrases that start the note inside the name part ("salt to taste",
    /// "oil for frying", "Mehl zum Bestäuben"): each after a space.
    static let notePhrases = [
        "to ", "for ", "optional", "as needed", "or more", "plus ", "at room temperature", "divided",
        "pour ", "au goût", "selon ", "à température ambiante", "zum ", "zur ", "für ", "nach Geschmack", "nach Belieben",
        "para ", "al gusto", "per ", "q.b.", "a piacere", "לפי הטעם",
    ]
}
