//! The report's and the lesson's labels in Danish, German and French
//! (`--lang`): the document's title, the parts' titles, the column headers
//! and the words of summary rows; the lesson's buttons, step titles and
//! headings. Sentences (the summary, notes, findings) stay English;
//! JSON and CSV keep their English names, which programs read.

use serde::Serialize;

/// The language of the labels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Da,
    De,
    Fr,
}

impl Lang {
    /// The HTML `lang` attribute.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Da => "da",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }
}

/// English label, then Danish, German, French.
const WORDS: &[[&str; 4]] = &[
    [
        "Tournament director's report",
        "Turneringslederens rapport",
        "Bericht der Turnierleitung",
        "Rapport de l'arbitre",
    ],
    [
        "Not checked",
        "Ikke kontrolleret",
        "Nicht geprüft",
        "Non vérifié",
    ],
    ["Standings", "Stilling", "Wertung", "Classement"],
    [
        "Results per table",
        "Resultater pr. bord",
        "Ergebnisse je Tisch",
        "Résultats par table",
    ],
    ["Rulings", "Kendelser", "Entscheidungen", "Décisions"],
    [
        "Score-sheet errors",
        "Fejl i regnskabet",
        "Fehler im Schreibblock",
        "Erreurs de feuille de marque",
    ],
    ["Line-up", "Opstilling", "Aufstellung", "Placement"],
    [
        "Irregularities",
        "Uregelmæssigheder",
        "Regelverstöße",
        "Irrégularités",
    ],
    [
        "Duplicate comparison",
        "Duplikatsammenligning",
        "Duplikatvergleich",
        "Comparaison en duplicate",
    ],
    ["Rank", "Placering", "Rang", "Rang"],
    ["Player", "Spiller", "Spieler", "Joueur"],
    ["Players", "Spillere", "Spieler", "Joueurs"],
    ["Round", "Runde", "Runde", "Manche"],
    ["No round", "Ingen runde", "Ohne Runde", "Sans manche"],
    ["Total", "I alt", "Gesamt", "Total"],
    ["Cumulative", "Akkumuleret", "Kumuliert", "Cumul"],
    ["Sessions", "Sessioner", "Sitzungen", "Séances"],
    ["Deals", "Spil", "Spiele", "Donnes"],
    ["Deal", "Spil", "Spiel", "Donne"],
    ["Average", "Gennemsnit", "Durchschnitt", "Moyenne"],
    ["Sum", "Sum", "Summe", "Somme"],
    ["Tables", "Borde", "Tische", "Tables"],
    ["Table", "Bord", "Tisch", "Table"],
    ["Seats", "Pladser", "Plätze", "Places"],
    ["Seat", "Plads", "Platz", "Place"],
    ["Board", "Board", "Board", "Donne n°"],
    ["Contract", "Kontrakt", "Ansage", "Contrat"],
    ["Declarer", "Spilfører", "Alleinspieler", "Preneur"],
    ["Result", "Resultat", "Ergebnis", "Résultat"],
    ["Ruled", "Afgjort", "Entschieden", "Arbitré"],
    [
        "Score sheet",
        "Regnskab",
        "Schreibblock",
        "Feuille de marque",
    ],
    ["File", "Fil", "Datei", "Fichier"],
    ["Tags", "Mærker", "Tags", "Étiquettes"],
    ["Ruling", "Kendelse", "Entscheidung", "Décision"],
    ["Party", "Part", "Partei", "Partie"],
    ["Change", "Ændring", "Änderung", "Modification"],
    ["Reason", "Begrundelse", "Grund", "Motif"],
    ["Rule", "Regel", "Regel", "Règle"],
    ["Applied", "Anvendt", "Angewandt", "Appliquée"],
    ["Claimed", "Anmeldt", "Angesagt", "Annoncé"],
    ["Computed", "Beregnet", "Berechnet", "Calculé"],
    [
        "Claimed − computed",
        "Anmeldt − beregnet",
        "Angesagt − berechnet",
        "Annoncé − calculé",
    ],
    ["Kind", "Art", "Art", "Type"],
    ["Severity", "Alvor", "Schwere", "Gravité"],
    ["Finding", "Fund", "Befund", "Constat"],
    ["Where", "Hvor", "Wo", "Où"],
    ["What", "Hvad", "Was", "Quoi"],
    ["Findings", "Fund", "Befunde", "Constats"],
    ["Variant", "Variant", "Variante", "Variante"],
    ["Trick", "Stik", "Stich", "Pli"],
    ["Tricks", "Stik", "Stiche", "Plis"],
    ["Card", "Kort", "Karte", "Carte"],
    [
        "Fine / consequence",
        "Bøde / følge",
        "Strafe / Folge",
        "Amende / conséquence",
    ],
    ["At", "Sted", "Stelle", "Position"],
    ["What", "Hvad", "Was", "Quoi"],
    ["Why", "Hvorfor", "Warum", "Pourquoi"],
    ["Claim", "Anmeldelse", "Angesagt", "Annonce"],
    [
        "Matchpoints",
        "Matchpoint",
        "Matchpunkte",
        "Points de match",
    ],
    ["Boards", "Boards", "Boards", "Donnes"],
    ["Top", "Top", "Top", "Top"],
    ["Percent", "Procent", "Prozent", "Pourcentage"],
    // The teacher's lesson (`explain --format html --lang`): its labels,
    // buttons and step titles. Sentences stay English here too.
    [
        "Step through each deal with the buttons or the arrow keys (← →, Home, End).",
        "Gå gennem hvert spil med knapperne eller piletasterne (← →, Home, End).",
        "Jedes Spiel mit den Knöpfen oder den Pfeiltasten durchgehen (← →, Pos1, Ende).",
        "Parcourez chaque donne avec les boutons ou les flèches (← →, Début, Fin).",
    ],
    ["Lesson", "Lektion", "Lektion", "Leçon"],
    ["Contents", "Indhold", "Inhalt", "Sommaire"],
    [
        "The rules cited",
        "De nævnte regler",
        "Die angeführten Regeln",
        "Les règles citées",
    ],
    ["Dealer", "Giver", "Geber", "Donneur"],
    ["dealer", "giver", "Geber", "donneur"],
    ["leads", "spiller ud", "spielt aus", "entame"],
    ["sits out", "sidder over", "setzt aus", "ne joue pas"],
    ["◀ Back", "◀ Tilbage", "◀ Zurück", "◀ Retour"],
    ["Next ▶", "Næste ▶", "Weiter ▶", "Suivant ▶"],
    [
        "The hands as dealt (Home)",
        "Kortene som givet (Home)",
        "Die Blätter wie gegeben (Pos1)",
        "Les mains distribuées (Début)",
    ],
    [
        "Previous step (←)",
        "Forrige trin (←)",
        "Voriger Schritt (←)",
        "Étape précédente (←)",
    ],
    [
        "Next step (→)",
        "Næste trin (→)",
        "Nächster Schritt (→)",
        "Étape suivante (→)",
    ],
    [
        "The result (End)",
        "Resultatet (End)",
        "Das Ergebnis (Ende)",
        "Le résultat (Fin)",
    ],
    [
        "card by card",
        "kort for kort",
        "Karte für Karte",
        "carte par carte",
    ],
    [
        "all hands open",
        "alle hænder åbne",
        "alle Blätter offen",
        "toutes les mains ouvertes",
    ],
    ["Step", "Trin", "Schritt", "Étape"],
    ["steps", "trin", "Schritte", "étapes"],
    ["of", "af", "von", "sur"],
    ["card", "kort", "Karte", "carte"],
    ["trick", "stik", "Stich", "pli"],
    ["tricks", "stik", "Stiche", "plis"],
    [
        "The hands as dealt",
        "Kortene som givet",
        "Die Blätter wie gegeben",
        "Les mains distribuées",
    ],
    ["The auction", "Budrunden", "Das Bieten", "Les enchères"],
    ["The calls", "Kaldene", "Die Ansagen", "Les annonces"],
    ["The talon", "Talonen", "Der Talon", "Le talon"],
    ["The dog", "Hunden", "Der Hund", "Le chien"],
    ["The skat", "Skatten", "Der Skat", "Le skat"],
    ["The discard", "Det lagte", "Das Gelegte", "L'écart"],
    ["The discard (écart)", "Det lagte", "Das Gelegte", "L'écart"],
    [
        "The declarations",
        "Meldingerne",
        "Die Meldungen",
        "Les déclarations",
    ],
    ["The result", "Resultatet", "Das Ergebnis", "Le résultat"],
    ["The play", "Spillet", "Das Spiel", "Le jeu"],
    ["Question", "Spørgsmål", "Frage", "Question"],
    ["Settlement", "Afregning", "Abrechnung", "Règlement"],
    [
        "Legal here.",
        "Lovligt her.",
        "Hier erlaubt.",
        "Autorisée ici.",
    ],
    [
        "Not legal here.",
        "Ikke lovligt her.",
        "Hier nicht erlaubt.",
        "Interdite ici.",
    ],
    [
        "Click a card in {}’s hand.",
        "Klik på et kort i {}s hånd.",
        "Klicke eine Karte aus der Hand von {} an.",
        "Cliquez sur une carte de la main de {}.",
    ],
    [
        "The legal cards:",
        "De lovlige kort:",
        "Die erlaubten Karten:",
        "Les cartes autorisées :",
    ],
    [
        "The cards that were legal here:",
        "De kort, der var lovlige her:",
        "Die hier erlaubten Karten:",
        "Les cartes autorisées ici :",
    ],
    ["won by", "vundet af", "gewonnen von", "remporté par"],
    ["comments", "kommentarer", "Kommentare", "commentaires"],
];

/// A label in `lang`: the whole label when the list has it, else its first
/// word when that is listed (`Round 2`, `Seat 0 MP`), else as it is.
pub fn tr(lang: Lang, label: &str) -> String {
    let at = match lang {
        Lang::En => return label.to_owned(),
        Lang::Da => 1,
        Lang::De => 2,
        Lang::Fr => 3,
    };
    if let Some(w) = WORDS.iter().find(|w| w[0] == label) {
        return w[at].to_owned();
    }
    if let Some((first, rest)) = label.split_once(' ') {
        if let Some(w) = WORDS.iter().find(|w| w[0] == first) {
            return format!("{} {rest}", w[at]);
        }
    }
    label.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_their_first_word_are_translated() {
        assert_eq!(tr(Lang::De, "Standings"), "Wertung");
        assert_eq!(tr(Lang::Fr, "Round 2"), "Manche 2");
        assert_eq!(tr(Lang::Da, "Seat 0 MP"), "Plads 0 MP");
        assert_eq!(tr(Lang::Da, "0 Anna"), "0 Anna");
        assert_eq!(tr(Lang::En, "Standings"), "Standings");
    }
}
