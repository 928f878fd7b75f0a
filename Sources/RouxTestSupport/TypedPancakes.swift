/// A recipe as a cook types it in Roux (no blank lines between the
/// blocks, as Roux writes what was typed): a title, an intro, an
/// "Ingredients" list, numbered steps and a tip after them. The suites
/// that convert it to Cooklang, in the editor and on the command line,
/// read the same recipe.
public enum TypedPancakes {
    public static let markdown = """
        # Grandma's Pancakes
        Fluffy pancakes for a **lazy** Sunday, best with *maple syrup*.

        ## Ingredients
        - 200 g flour
        - 1 1/2 cups milk
        - 2 eggs
        - a pinch of salt
        ## Steps
        1. Whisk the flour and salt in a bowl.
        2. Beat in the eggs and milk until smooth.
        3. Fry in a hot pan for 2 minutes per side.
        > Tip: let the batter rest 10 minutes.

        """
}
