/**
 * Texts of seeded members: common first names by sex from the countries Motema serves (DR Congo,
 * Congo, Cameroon, Côte d'Ivoire, Senegal, Mali, Nigeria, Ghana, Kenya, Uganda...), family names,
 * short "about" texts and chat messages, in English and French.
 */

const words = (text: string) => text.trim().split(/\s+/);

export const FEMALE_FIRST_NAMES = words(`
  Amani Grâce Merveille Divine Christelle Nathalie Bénédicte Ornella Patience Rachel Sarah Esther
  Gloria Naomie Plamedie Dorcas Exaucée Falone Mireille Aïcha Fatou Aminata Mariama Awa Kadiatou Ndeye
  Khady Adjoua Affoué Akissi Aya Amoin Brigitte Carine Sandrine Laetitia Murielle Vanessa Flore
  Clarisse Rokia Oumou Bintou Coumba Astou Dieynaba Chiamaka Ngozi Adaeze Chioma Funmilayo Folake
  Yetunde Temitope Blessing Precious Zainab Hauwa Amina Efua Akosua Abena Ama Esi Adwoa Wanjiru Njeri
  Wambui Akinyi Achieng Atieno Nafula Chebet Jepkoech Faith Mercy Joy Nakato Nansubuga Namuli
`);

export const MALE_FIRST_NAMES = words(`
  Patrick Jean Joseph Christian Trésor Junior Héritier Glody Dieudonné Fiston Serge Didier Jonathan
  Cédric Arsène Blaise Guy Landry Prince Rodrigue Moussa Mamadou Ibrahima Ousmane Abdoulaye Cheikh
  Modou Amadou Souleymane Boubacar Seydou Kouadio Kouassi Koffi Yao Konan Aboubakar Samuel Franck
  Hervé Stéphane Thierry Olivier Armand Brice Chinedu Emeka Obinna Chukwuemeka Oluwaseun Babatunde
  Tunde Ayodele Femi Segun Ibrahim Musa Abubakar Kwame Kofi Kwabena Yaw Kojo Kwesi Emmanuel Kamau
  Mwangi Otieno Ochieng Onyango Kipchoge Kiprono Wafula Brian Kevin Dennis Collins Mugisha Ssemakula
  Okello
`);

/** Names given to either sex, for non-binary members (with a few from both lists). */
export const NEUTRAL_FIRST_NAMES = words(`
  Amani Imani Nkosi Dominique Camille Claude Ayo Sena Eli Nana Jo Kiki Sam Tumi Zola Bisi Kemi Dede
`);

export const LAST_NAMES = words(`
  Mukendi Kabongo Tshibangu Ilunga Mbuyi Kasongo Lukusa Nzuzi Makiese Mbala Ngoma Malonga Mabiala
  Nkounkou Eto Mbarga Nkoulou Fotso Tchamba Ngono Essomba Kouamé Koné Traoré Ouattara Bamba Diabaté
  Yao Diallo Ndiaye Diop Sow Fall Sarr Faye Cissé Keïta Coulibaly Okafor Okonkwo Eze Adeyemi Adebayo
  Balogun Olawale Bello Mensah Owusu Boateng Asante Agyeman Kamau Mwangi Otieno Wanjiku Kiplagat
  Njoroge Mutua Nakamya Ssali Okello
`);

/** Short "about" texts, about half in French; the seed leaves a quarter of profiles without one. */
export const ABOUT_TEXTS = [
  "J'aime la rumba, les bons plats et les longues discussions.",
  'Entrepreneur le jour, danseur le soir.',
  'Football le dimanche et musique tous les jours.',
  'Infirmière passionnée. Je cherche quelqu’un de sérieux.',
  'Étudiant en droit. Curieux de tout.',
  'Je cuisine le meilleur ndolé de la ville.',
  "Fan d'afrobeat et de voyages. On va prendre un verre ?",
  'Simple et souriante. Dieu d’abord.',
  'Amoureux de la nature et des marchés du samedi.',
  'Photographe amateur. Je vous montre ma ville ?',
  'Software developer who loves jollof and good books.',
  'Teacher. Church on Sunday and football on Saturday.',
  'Looking for someone kind to share suya and laughs with.',
  'Nurse by day and amapiano dancer by night.',
  'I run a small shop and dream of travelling the continent.',
  'Marathon runner. Early riser. Tea over coffee.',
  'Here for real conversations and maybe more.',
  'Music producer. Ask me about my playlist.',
  'Family first. Honest and easy-going.',
  'New in town and happy to meet new people.',
];

/** Chat lines, about half in French. */
export const MESSAGE_TEXTS = [
  'Mbote ! Comment vas-tu ?',
  'Salut, ça va ?',
  'Bonsoir ! Ta photo est très belle.',
  'Tu fais quoi ce week-end ?',
  "On se voit demain à l'heure du déjeuner ?",
  "Je suis d'accord haha",
  'Merci beaucoup !',
  'Tu habites dans quel quartier ?',
  'Bonne nuit 😊',
  'Je sors du travail. Je te rappelle.',
  'Hello! How are you doing?',
  'Hi there 👋',
  'What do you do for work?',
  'That sounds great!',
  'Have you been to the new place near the market?',
  'Haha you are funny',
  'Good morning ☀️',
  'I would love to meet for a coffee.',
  'Sorry I was at work. How was your day?',
  'See you soon!',
];

/** Post texts (a caption for a photo post, or the whole post), about half in French. */
export const POST_TEXTS = [
  'Dimanche au bord du fleuve. Rien de mieux.',
  'Nouveau look, vous en pensez quoi ?',
  'Le marché ce matin : mangues, safou et beaucoup de monde.',
  'Première fois à ce concert, quelle ambiance !',
  'Un bon poulet moambe pour fêter la fin de la semaine.',
  'Je cherche des idées de sorties ce week-end. Des conseils ?',
  'Coucher de soleil depuis le toit. Kin la belle.',
  'Journée de travail terminée, place au repos.',
  'Qui connaît un bon salon de coiffure dans le coin ?',
  'Merci à tous pour vos messages, ça fait chaud au cœur.',
  'Sunday with the family. Grateful for these moments.',
  'Finally finished the book everyone was talking about. Worth it.',
  'Morning run by the lagoon, 8 km done.',
  'Trying a new recipe tonight: egusi soup with a twist.',
  'Who else is watching the match tonight?',
  'Road trip with friends, next stop the coast.',
  'New week, new goals. Let us go!',
  'This little café has the best coffee in town.',
  'Dancing all night at the wedding, my feet hurt.',
  'Rainy day, good music, hot tea.',
];

/** Comments on posts, about half in French. */
export const COMMENT_TEXTS = [
  'Trop beau !',
  "J'adore 😍",
  'Magnifique photo.',
  "C'est où exactement ?",
  'Bravo !',
  'Ça donne envie.',
  'Haha trop drôle',
  'Félicitations 🎉',
  'Love this!',
  'So beautiful.',
  'Where is this?',
  'Amazing 🔥',
  'Congratulations!',
  'I need to try that.',
  'Looking good!',
  'Ha, same here.',
];
