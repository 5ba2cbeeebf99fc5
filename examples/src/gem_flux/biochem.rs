//! A small, real slice of the ModelSEED biochemistry database, and the ID helpers the
//! validators and error details use.
//!
//! The rows are copied from the ModelSEEDDatabase repository
//! (`Biochemistry/compound_00.json` and `Biochemistry/reaction_00.json`): the
//! compound's `name` and `formula` (ModelSEED stores the charged form at pH 7, so
//! phosphate is `HO4P` and ammonia `H4N`), the reaction's `name` and `definition`.
//! The full database has tens of thousands of compounds; a server that loads it
//! builds a [`Biochemistry`] over its own sorted tables.

/// One ModelSEED compound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Compound {
    /// The ModelSEED ID, `cpd` and five digits.
    pub id: &'static str,
    /// The primary name.
    pub name: &'static str,
    /// The formula of the form ModelSEED stores (charged, pH 7).
    pub formula: &'static str,
}

/// One ModelSEED reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Reaction {
    /// The ModelSEED ID, `rxn` and five digits.
    pub id: &'static str,
    /// The primary name.
    pub name: &'static str,
    /// The equation with compound names, as ModelSEED's `definition` column.
    pub definition: &'static str,
}

const fn compound(id: &'static str, name: &'static str, formula: &'static str) -> Compound {
    Compound { id, name, formula }
}

/// The embedded compounds, sorted by ID.
pub static COMPOUNDS: &[Compound] = &[
    compound("cpd00001", "H2O", "H2O"),
    compound("cpd00002", "ATP", "C10H13N5O13P3"),
    compound("cpd00003", "NAD", "C21H26N7O14P2"),
    compound("cpd00004", "NADH", "C21H27N7O14P2"),
    compound("cpd00005", "NADPH", "C21H26N7O17P3"),
    compound("cpd00006", "NADP", "C21H25N7O17P3"),
    compound("cpd00007", "O2", "O2"),
    compound("cpd00008", "ADP", "C10H13N5O10P2"),
    compound("cpd00009", "Phosphate", "HO4P"),
    compound("cpd00010", "CoA", "C21H32N7O16P3S"),
    compound("cpd00011", "CO2", "CO2"),
    compound("cpd00012", "PPi", "HO7P2"),
    compound("cpd00013", "NH3", "H4N"),
    compound("cpd00014", "UDP", "C9H11N2O12P2"),
    compound("cpd00015", "FAD", "C27H31N9O15P2"),
    compound("cpd00016", "Pyridoxal phosphate", "C8H8NO6P"),
    compound("cpd00017", "S-Adenosyl-L-methionine", "C15H23N6O5S"),
    compound("cpd00018", "AMP", "C10H12N5O7P"),
    compound("cpd00019", "S-Adenosyl-homocysteine", "C14H20N6O5S"),
    compound("cpd00020", "Pyruvate", "C3H3O3"),
    compound("cpd00021", "Fe", "Fe"),
    compound("cpd00022", "Acetyl-CoA", "C23H34N7O17P3S"),
    compound("cpd00023", "L-Glutamate", "C5H8NO4"),
    compound("cpd00024", "2-Oxoglutarate", "C5H4O5"),
    compound("cpd00025", "H2O2", "H2O2"),
    compound("cpd00026", "UDP-glucose", "C15H22N2O17P2"),
    compound("cpd00027", "D-Glucose", "C6H12O6"),
    compound("cpd00028", "Heme", "C34H30FeN4O4"),
    compound("cpd00029", "Acetate", "C2H3O2"),
    compound("cpd00030", "Mn2+", "Mn"),
    compound("cpd00031", "GDP", "C10H13N5O11P2"),
    compound("cpd00032", "Oxaloacetate", "C4H2O5"),
    compound("cpd00033", "Glycine", "C2H5NO2"),
    compound("cpd00034", "Zn2+", "Zn"),
    compound("cpd00035", "L-Alanine", "C3H7NO2"),
    compound("cpd00036", "Succinate", "C4H4O4"),
    compound("cpd00037", "UDP-N-acetylglucosamine", "C17H25N3O17P2"),
    compound("cpd00038", "GTP", "C10H13N5O14P3"),
    compound("cpd00067", "H+", "H"),
];

/// The embedded reactions, sorted by ID.
pub static REACTIONS: &[Reaction] = &[
    Reaction {
        id: "rxn00001",
        name: "diphosphate phosphohydrolase",
        definition: "(1) H2O[0] + (1) PPi[0] => (2) Phosphate[0] + (1) H+[0]",
    },
    Reaction {
        id: "rxn00002",
        name: "urea-1-carboxylate amidohydrolase",
        definition: "(1) H2O[0] + (3) H+[0] + (1) Allophanate[0] => (2) CO2[0] + (2) NH3[0]",
    },
    Reaction {
        id: "rxn00003",
        name: "pyruvate:pyruvate acetaldehydetransferase (decarboxylating)",
        definition: "(1) CO2[0] + (1) ALCTT[0] <= (2) Pyruvate[0] + (1) H+[0]",
    },
    Reaction {
        id: "rxn00004",
        name: "4-hydroxy-4-methyl-2-oxoglutarate pyruvate-lyase (pyruvate-forming)",
        definition: "(1) Parapyruvate[0] <=> (2) Pyruvate[0]",
    },
    Reaction {
        id: "rxn00006",
        name: "hydrogen-peroxide:hydrogen-peroxide oxidoreductase",
        definition: "(2) H2O2[0] => (2) H2O[0] + (1) O2[0]",
    },
    Reaction {
        id: "rxn00007",
        name: "alpha,alpha-trehalose glucohydrolase",
        definition: "(1) H2O[0] + (1) TRHL[0] <=> (2) D-Glucose[0]",
    },
    Reaction {
        id: "rxn00008",
        name: "Mn(II):hydrogen-peroxide oxidoreductase",
        definition: "(2) H2O[0] <= (1) H2O2[0] + (2) H+[0]",
    },
];

/// Whether `id` matches `cpd\d{5}` (lowercase prefix, exactly five ASCII digits).
pub fn is_compound_id(id: &str) -> bool {
    has_id_shape(id, "cpd")
}

/// Whether `id` matches `rxn\d{5}`.
pub fn is_reaction_id(id: &str) -> bool {
    has_id_shape(id, "rxn")
}

fn has_id_shape(id: &str, prefix: &str) -> bool {
    id.len() == prefix.len() + 5
        && id.starts_with(prefix)
        && id[prefix.len()..].bytes().all(|b| b.is_ascii_digit())
}

/// Read access to compound and reaction tables sorted by ID: the embedded slice, or
/// a server's fully loaded database.
#[derive(Debug, Clone, Copy)]
pub struct Biochemistry<'a> {
    compounds: &'a [Compound],
    reactions: &'a [Reaction],
}

impl Biochemistry<'static> {
    /// The embedded tables ([`COMPOUNDS`], [`REACTIONS`]).
    pub const EMBEDDED: Biochemistry<'static> = Biochemistry {
        compounds: COMPOUNDS,
        reactions: REACTIONS,
    };
}

impl<'a> Biochemistry<'a> {
    /// Tables that must be sorted by ID (lookups are binary searches); `None` when
    /// either is not strictly increasing.
    pub fn from_sorted(compounds: &'a [Compound], reactions: &'a [Reaction]) -> Option<Self> {
        let sorted_compounds = compounds.windows(2).all(|w| w[0].id < w[1].id);
        let sorted_reactions = reactions.windows(2).all(|w| w[0].id < w[1].id);
        (sorted_compounds && sorted_reactions).then_some(Biochemistry {
            compounds,
            reactions,
        })
    }

    /// The compound with this exact ID.
    pub fn compound(&self, id: &str) -> Option<&'a Compound> {
        let compounds = self.compounds;
        compounds
            .binary_search_by(|c| c.id.cmp(id))
            .ok()
            .and_then(|index| compounds.get(index))
    }

    /// The reaction with this exact ID.
    pub fn reaction(&self, id: &str) -> Option<&'a Reaction> {
        let reactions = self.reactions;
        reactions
            .binary_search_by(|r| r.id.cmp(id))
            .ok()
            .and_then(|index| reactions.get(index))
    }

    /// How many compounds the table holds.
    pub fn compound_count(&self) -> usize {
        self.compounds.len()
    }

    /// How many reactions the table holds.
    pub fn reaction_count(&self) -> usize {
        self.reactions.len()
    }

    /// Compound IDs an agent probably meant by `id`, at most `limit`, in ID order.
    /// See [`similar_ids`].
    pub fn similar_compound_ids(&self, id: &str, limit: usize) -> Vec<&'a str> {
        similar_ids(self.compounds.iter().map(|c| c.id), "cpd", id, limit)
    }

    /// Reaction IDs an agent probably meant by `id`, at most `limit`, in ID order.
    pub fn similar_reaction_ids(&self, id: &str, limit: usize) -> Vec<&'a str> {
        similar_ids(self.reactions.iter().map(|r| r.id), "rxn", id, limit)
    }

    /// Compounds whose name or ID contains `query` (case-insensitive), in table order.
    pub fn search_compounds(&self, query: &str, limit: usize) -> Vec<&'a Compound> {
        let query = query.trim().to_lowercase();
        self.compounds
            .iter()
            .filter(|c| c.name.to_lowercase().contains(&query) || c.id.contains(&query))
            .take(limit)
            .collect()
    }

    /// Reactions whose name or ID contains `query` (case-insensitive), in table order.
    pub fn search_reactions(&self, query: &str, limit: usize) -> Vec<&'a Reaction> {
        let query = query.trim().to_lowercase();
        self.reactions
            .iter()
            .filter(|r| r.name.to_lowercase().contains(&query) || r.id.contains(&query))
            .take(limit)
            .collect()
    }
}

/// Known IDs close to `requested`, at most `limit`, in ID order.
///
/// The requested text is first read leniently (`CPD00027`, `cpd27`, `compound_027`
/// all mean `cpd00027`); if that ID is known it is the only answer. Otherwise the
/// candidates are the known IDs whose five digits differ from the requested digits
/// in at most two places: typing mistakes change a digit or two, they do not invent
/// a new number. When there are more than `limit`, the closest are kept (fewest
/// differences, then lowest ID).
///
/// The kept IDs are listed in ID order, the order of the database itself, as
/// Gem-Flux's `COMPOUND_NOT_FOUND` example lists them: for `cpd99999` it gives
/// `["cpd00999", "cpd09999"]`, although `cpd09999` is one digit away and
/// `cpd00999` two. The list is a set of candidates to check, not a ranking.
pub fn similar_ids<'a>(
    known: impl Iterator<Item = &'a str> + Clone,
    prefix: &str,
    requested: &str,
    limit: usize,
) -> Vec<&'a str> {
    let Some(digits) = requested_digits(requested) else {
        return Vec::new();
    };
    let normalised = format!("{prefix}{digits}");
    if let Some(exact) = known.clone().find(|id| *id == normalised) {
        // An exact match after normalising is only "similar" if the text differed.
        return if exact == requested {
            Vec::new()
        } else {
            vec![exact]
        };
    }
    let mut close: Vec<(usize, &'a str)> = known
        .filter_map(|id| {
            let theirs = id.get(prefix.len()..)?;
            if theirs.len() != digits.len() {
                return None;
            }
            let distance = theirs
                .bytes()
                .zip(digits.bytes())
                .filter(|(a, b)| a != b)
                .count();
            (distance <= 2).then_some((distance, id))
        })
        .collect();
    close.sort_unstable();
    let mut kept: Vec<&'a str> = close.into_iter().take(limit).map(|(_, id)| id).collect();
    kept.sort_unstable();
    kept
}

/// The five digits `requested` most plausibly stands for: its ASCII digits, left
/// padded with zeros; `None` when it has none or more than five.
fn requested_digits(requested: &str) -> Option<String> {
    let digits: String = requested.chars().filter(char::is_ascii_digit).collect();
    (!digits.is_empty() && digits.len() <= 5).then(|| format!("{digits:0>5}"))
}
