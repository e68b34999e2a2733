"""Tigris & Euphrates, the main game (spec R0-R32, D1-D8). Its public names are the root
package's (``tigeuph``)."""
