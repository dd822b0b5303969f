"""Ikebana (Antoine Bauza): build a five-card bouquet each round, scored in prestige."""

from cardgames.ikebana.cards import Card
from cardgames.ikebana.scoring import BouquetScore, Combination, score_bouquet

__all__ = ["BouquetScore", "Card", "Combination", "score_bouquet"]
