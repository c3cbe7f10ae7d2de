"""What each advanced piece of Race! Formula 90 means, for the help texts of the page's board,
chart and lobby: the groups of ``autodromo.formula90.words.HELP`` (worded there, in the reader's
language when read; each entry its title, meaning and the Portuguese manual's section, which the
page leaves to the lessons: it says the term and its meaning)."""

from __future__ import annotations

from autodromo.formula90.words import HelpTable, glossary_line as line

__all__ = ["EXTREME", "FLAGS", "MODULES", "ROTATED", "SAFETY_CAR", "SKILLS", "STRATEGIES", "TYRES", "WEATHER",
           "line"]

WEATHER = HelpTable("weather")
TYRES = HelpTable("tyres")
FLAGS = HelpTable("flags")
SKILLS = HelpTable("skills")
STRATEGIES = HelpTable("strategies")
SAFETY_CAR = HelpTable("safety_car")
EXTREME = HelpTable("extreme")
MODULES = HelpTable("modules")

#: Skills whose chit turns when used and turns back at a pit stop; the others act all race.
ROTATED = {"Versatility", "Wise Driving", "Sixth Sense"}
