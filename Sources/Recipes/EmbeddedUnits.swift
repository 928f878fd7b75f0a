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
g|gr|gramme|grammes|gram|grams|gramos|grammi|Gramm|גרם = mass
kg|kilo|kilos|kilogramme|kilogrammes|kilogram|kilograms|kilogramos|ק"ג|קילו = 1000 g
mg|milligram|milligrams|milligramme|milligrammes = 0.001 g
ml|mL|millilitre|millilitres|milliliter|milliliters|mililitros|מ"ל = volume
cl|cL|centilitre|centilitres|centiliter|centiliters = 10 ml
dl|dL|décilitre|décilitres|decilitre|decilitres|deciliter|deciliters = 100 ml
l|L|litre|litres|liter|liters|litro|litros|ליטר = 1000 ml
# US
tsp|teaspoon|teaspoons|tsps|t = 4.92892159375 ml
tbsp|tablespoon|tablespoons|Tbsp|T|tbs|tbl|tbsps|tblsp = 3 tsp
cup|cups|c = 16 tbsp
fl oz|fluid ounce|fluid ounces|fl. oz. = 2 tbsp
pint|pints|pt = 2 cup
quart|quarts|qt = 2 pint
gallon|gallons|gal = 4 quart
oz|ounce|ounces|ozs = 28.349523125 g
lb|lbs|pound|pounds = 16 oz
stick|sticks
# French
c. à soupe|cuillère à soupe|cuill. à soupe|cuillères à soupe|cuillerée à soupe|cuillerées à soupe|cuil. à soupe|c. à s.|c.à.s.|càs|cs|CS = 15 ml
c. à café|cuillère à café|cuill. à café|cuillères à café|cuillerée à café|cuillerées à café|cuil. à café|c. à c.|c.à.c.|càc|cc = 5 ml
pincée|pincées
brin|brins
poignée|poignées
pièce|pièces
noisette
verre|verres
sachet|sachets
tranche|tranches
gousse|gousses
botte|bottes
# German
EL|Esslöffel|Eßlöffel|Essl. = 15 ml
TL|Teelöffel|Teel. = 5 ml
Prise|Prisen
Msp.|Messerspitze|Messerspitzen
Bund
Zehe|Zehen
Päckchen|Pck.|Packung|Packungen
Becher
Dose|Dosen
Scheibe|Scheiben
Stück|Stk.
Kugel|Kugeln
Stange|Stangen
Zweig|Zweige
Handvoll
Tasse|Tassen
# Spanish and Italian
cucharada|cucharadas|cucchiaio|cucchiai = 15 ml
cucharadita|cucharaditas|cucchiaino|cucchiaini = 5 ml
taza|tazas = 240 ml
pizca|pizcas|pizzico
diente|dientes|spicchio|spicchi
lata|latas
# Hebrew
כוס|כוסות = 240 ml
כף|כפות = 15 ml
כפית|כפיות = 5 ml
קורט
שן|שיני
חבילה|חבילות
# Everywhere
pinch|pinches
dash|dashes
drop|drops
splash
clove|cloves
slice|slices
can|cans|tin|tins
jar|jars
package|packages|pkg|packet|packets|pack|packs
box|boxes
bulb|bulbs
bunch|bunches
handful|handfuls
sprig|sprigs
stalk|stalks
head|heads
knob
piece|pieces
# Also ingredients
noix
"""
