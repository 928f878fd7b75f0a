// A copy of Resources/units.txt (UnitTableTests checks they match): the binary
// then needs no resource bundle next to it.
let embeddedUnits = """
# Units Roux recognises after a quantity ("250 g de beurre", "2 cups flour").
# One unit per line: its spellings, separated by "|"; the first is how Roux writes it.
# Spellings are matched as written, then in any case ("TBSP", "Grams"), except
# one-letter spellings, where case decides ("T" is a tablespoon, "t" a teaspoon).
# "= mass" and "= volume" name the base unit of a dimension; "= N unit" says
# what the unit is worth, so quantities of one ingredient add up across units.
# A unit with neither (pinch, clove) only adds to itself.
# Units in the last section are also ingredients when nothing follows them ("3 noix").
# Metric
g|gr|gramme|grammes|gram|grams = mass
kg|kilo|kilos|kilogramme|kilogrammes|kilogram|kilograms = 1000 g
mg|milligram|milligrams|milligramme|milligrammes = 0.001 g
ml|mL|millilitre|millilitres|milliliter|milliliters = volume
cl|cL|centilitre|centilitres|centiliter|centiliters = 10 ml
dl|dL|décilitre|décilitres|decilitre|decilitres|deciliter|deciliters = 100 ml
l|L|litre|litres|liter|liters = 1000 ml
# US
tsp|teaspoon|teaspoons|t = 4.92892159375 ml
tbsp|tablespoon|tablespoons|Tbsp|T|tbs|tbl = 3 tsp
cup|cups|c = 16 tbsp
fl oz|fluid ounce|fluid ounces|fl. oz. = 2 tbsp
pint|pints|pt = 2 cup
quart|quarts|qt = 2 pint
gallon|gallons|gal = 4 quart
oz|ounce|ounces = 28.349523125 g
lb|lbs|pound|pounds = 16 oz
stick|sticks
# French
c. à soupe|cuillère à soupe|cuillères à soupe|càs|cs = 15 ml
c. à café|cuillère à café|cuillères à café|càc|cc = 5 ml
pincée|pincées
verre|verres
sachet|sachets
tranche|tranches
gousse|gousses
botte|bottes
# Everywhere
pinch|pinches
clove|cloves
slice|slices
can|cans|tin|tins
bunch|bunches
handful|handfuls
piece|pieces
# Also ingredients
noix
"""
