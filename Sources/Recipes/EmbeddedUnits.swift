// A copy of Resources/units.txt (UnitTableTests checks they match): the binary
// then needs no resource bundle next to it.
let embeddedUnits = """
# Units Roux recognises after a quantity ("250 g de beurre", "2 cups flour").
# One unit per line: its spellings, separated by "|"; the first is how Roux writes it.
# Units in the last section are also ingredients when nothing follows them ("3 noix").
# Metric
g|gr|gramme|grammes|gram|grams
kg|kilo|kilos|kilogramme|kilogrammes|kilogram|kilograms
mg
l|L|litre|litres|liter|liters
dl|dL
cl|cL
ml|mL|millilitre|millilitres|milliliter|milliliters
# US
cup|cups|c
tbsp|tablespoon|tablespoons|Tbsp|T
tsp|teaspoon|teaspoons|t
oz|ounce|ounces
lb|lbs|pound|pounds
fl oz|fluid ounce|fluid ounces
pint|pints|pt
quart|quarts|qt
stick|sticks
# French
c. à soupe|cuillère à soupe|cuillères à soupe|càs|cs
c. à café|cuillère à café|cuillères à café|càc|cc
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
# Also ingredients
noix
"""
