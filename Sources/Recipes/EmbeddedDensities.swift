// A copy of Resources/densities.txt (UnitConversionTests checks they match): the
// binary then needs no resource bundle next to it.
let embeddedDensities = """
# How much a volume of an ingredient weighs, so that "1 cup flour" can be
# shown as "120 g" and "500 g flour" as cups. Roux converts between volume and
# mass only for the ingredients listed here (or in the user's file,
# $XDG_CONFIG_HOME/roux/densities.conf, whose lines win over these).
#
# One ingredient a line: a volume (or a counted unit: see the end), its names
# separated by "|", "=", a mass.
#   1 cup flour|all-purpose flour|farine|Mehl = 120 g
# Names are compared as ingredient names are (case, plurals, accents do not
# matter); a name also matches the end of a longer one ("plain flour" is
# "flour") when no longer entry matches it.
#
# Listed: what metric recipes weigh and US recipes measure in cups and
# spoons (flours, sugars, butter, grains, nuts…). Liquids measured in
# millilitres everywhere (water, milk, oil) are not listed: their volume stays
# a volume in every view.
#
# Figures written for Roux from these charts (rounded to what a kitchen scale
# shows): King Arthur Baking, "Ingredient Weight Chart"; USDA FoodData Central
# (household measures of the Standard Reference legacy release). Where the two
# differ, King Arthur's (measured as bakers spoon flour into the cup).
# Flours and starches
1 cup flour|all-purpose flour|plain flour|wheat flour|farine|farine de blé|Mehl|Weizenmehl|harina|harina de trigo|farina|farina 00 = 120 g
1 cup bread flour|strong flour|farine de force = 120 g
1 cup whole wheat flour|wholemeal flour|farine complète|Vollkornmehl|harina integral|farina integrale = 113 g
1 cup cake flour = 113 g
1 cup almond flour|ground almonds|poudre d'amande|gemahlene Mandeln|harina de almendra|farina di mandorle = 96 g
1 cup cornstarch|cornflour|fécule de maïs|maïzena|Speisestärke|maicena|amido di mais = 112 g
1 cup cornmeal|polenta|semoule de maïs = 138 g
1 cup cocoa powder|cocoa|cacao en poudre|Kakaopulver|cacao en polvo|cacao in polvere = 84 g
# Sugars and sweeteners
1 cup sugar|granulated sugar|caster sugar|white sugar|sucre|sucre en poudre|Zucker|azúcar|zucchero = 198 g
1 cup brown sugar|light brown sugar|dark brown sugar|cassonade|sucre roux|brauner Zucker|azúcar moreno|zucchero di canna = 213 g
1 cup powdered sugar|confectioners' sugar|icing sugar|sucre glace|Puderzucker|azúcar glas|zucchero a velo = 113 g
1 cup honey|miel|Honig|miele = 340 g
1 cup maple syrup|sirop d'érable|Ahornsirup = 312 g
# Fats and dairy
1 cup butter|beurre|Butter|mantequilla|burro = 227 g
1 cup grated parmesan|parmesan|parmesan râpé|Parmesan|parmigiano = 100 g
1 cup yogurt|yoghurt|yaourt|Joghurt|yogur|yogurt greco|Greek yogurt = 227 g
1 cup sour cream|crème fraîche|Schmand = 227 g
# Grains, nuts and the rest
1 cup rolled oats|oats|oat flakes|flocons d'avoine|Haferflocken|copos de avena|fiocchi d'avena = 89 g
1 cup rice|long-grain rice|riz|Reis|arroz|riso = 185 g
1 cup lentils|lentilles|Linsen|lentejas|lenticchie = 192 g
1 cup chocolate chips|pépites de chocolat|Schokotropfen = 170 g
1 cup chopped walnuts|walnuts|noix|Walnüsse|nueces|noci = 113 g
1 cup almonds|amandes|Mandeln|almendras|mandorle = 142 g
1 cup shredded coconut|noix de coco râpée|Kokosraspeln = 85 g
1 cup raisins|raisins secs|Rosinen|pasas|uvetta = 149 g
1 cup breadcrumbs|chapelure|Semmelbrösel|pan rallado|pangrattato = 112 g
# Spoonfuls: leaveners and salt
1 tsp salt|table salt|fine salt|sel|sel fin|Salz|sal|sale = 6 g
1 tsp baking soda|bicarbonate of soda|bicarbonate|Natron|bicarbonato = 6 g
1 tsp baking powder|levure chimique|Backpulver|polvo de hornear|lievito in polvere = 4 g
1 tsp instant yeast|active dry yeast|dry yeast|levure sèche|Trockenhefe|levadura seca|lievito secco = 3 g
# Counted units that weigh, for the ingredients named alone: a US stick of
# butter is half a cup, 4 oz (a stick of cinnamon or celery stays counted).
1 stick butter|margarine = 113 g
"""
