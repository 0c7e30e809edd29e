"""The core: the doors for labels and scores, the counting engine, the
counted table, rescaling and the rules the doors share.

Nothing here knows a metric: it reads inputs once and counts them.
"""
