/**
 * Common given names in English-, German-, French- and Spanish-speaking countries: a card headed
 * "Hannah Weber" is a person, while "Dock Audit" is a product's name (facts/capabilities.ts). Not a
 * complete list: a name missing here leaves the card to the other signs of a profile.
 */
const NAMES = `
aaron adam adrian agnes aidan alan albert alberto alejandra alejandro alex alexander alexandra alexandre alice alicia alina
alison amanda amelia amy ana andrea andreas andrew andré angela angelika anna anne annette anja antoine antonio arthur
aurélie barbara ben benjamin bernd bertrand beth birgit brian bruno camille carlos carmen caroline carla catherine cecilia
charles charlotte chloe chris christian christina christine christoph christophe claire clara claudia colin cristina daniel
daniela david deborah denise diana diego dirk dominik dominique dorothea eduardo elena elisa elizabeth ella emily emma enrique
eric erik esther eva fabian fatima felix fernando fiona florian frances francisco franck françois frank franziska frédéric
gabriel gabriela gareth george georg gerhard gloria grace guillaume hannah hans harriet harry heike helen helena helga henrik
hugo ian ines ingrid irene isabel isabella isabelle jack jacob james jan jana jane javier jean jennifer jens jessica joan
joanna joe johannes john jonas jonathan jordi jorge josé josef joseph juan judith julia julian julie juliette jürgen karen
karin katharina kate katherine katrin kevin kim klaus laura laurent lea lena leo leon lisa louis louise lucas lucía lucy
luis luisa lukas marc marcel marco marcus margaret maria marie marina mario mark markus marta martin martina mary mathieu
matthew matthias max maximilian melanie michael michel michelle miguel monika nadia natalia nathalie nicolas nicole niklas
nina noah nora oliver olivia oscar pablo pascal patricia patrick paul paula pedro peter petra philipp philippe pierre pilar
rachel rafael ralf raquel rebecca richard robert roberto rosa ruth ryan sabine sam samuel sandra sara sarah sebastian sergio
simon sofia sophie stefan stefanie stephan stephanie steven susan susanne sven thomas tim tobias tom uwe valentina valérie
vanessa vera victor vincent virginie walter wolfgang xavier yannick yvonne
`;

const GIVEN_NAMES = new Set(NAMES.split(/\s+/).filter(Boolean));

/** Whether a word is a common given name ("Hannah", "José"). */
export const isGivenName = (word: string) => GIVEN_NAMES.has(word.toLowerCase());
