"""Tiny additive synthesiser for the theme sound packs (used by ``make_sounds.py``); pure Python, seeded.

A sound is a list of float samples in -1…1 at :data:`RATE`. Instruments are built from damped sine partials
(clacks of ivory, wood, bells, gongs) and filtered noise (slides, shuffles), mixed at given start times.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> Samples:
    """Add ``sound`` into ``into`` starting at ``at`` seconds, growing ``into`` if needed."""
    start = int(at * RATE)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, s in enumerate(sound):
        into[start + i] += s * gain
    return into


def partials(parts: list[tuple[float, float, float]], seconds: float, attack: float = 0.001,
             glide: float = 0.0) -> Samples:
    """Sum of damped sines: each ``(frequency, amplitude, decay time constant)``; ``glide`` bends pitch down."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for freq, amp, tau in parts:
        phase = 0.0
        for i in range(n):
            t = i / RATE
            f = freq * (1.0 - glide * (1.0 - math.exp(-t / 0.25)))
            phase += math.tau * f / RATE
            env = math.exp(-t / tau) * (min(1.0, t / attack) if attack else 1.0)
            if env < 1e-4 and t > attack:
                break
            out[i] += amp * env * math.sin(phase)
    return out


def noise(rng: random.Random, seconds: float, low: float, high: float, envelope) -> Samples:
    """Band-limited noise (one-pole high-pass then low-pass) shaped by ``envelope(t)``."""
    n = int(seconds * RATE)
    a_low = math.exp(-math.tau * high / RATE)
    a_high = math.exp(-math.tau * low / RATE)
    lp = hp_prev_in = hp = 0.0
    out = []
    for i in range(n):
        x = rng.uniform(-1.0, 1.0)
        hp = a_high * (hp + x - hp_prev_in)
        hp_prev_in = x
        lp = (1 - a_low) * hp + a_low * lp
        out.append(lp * envelope(i / RATE))
    return out


def clack(rng: random.Random, material: str, size: float = 1.0) -> Samples:
    """Two tiles meeting: a noise tick plus the material's resonances (``ivory``, ``bone`` or ``wood``)."""
    modes = {
        "ivory": [(2350, 0.5, 0.012), (3720, 0.35, 0.009), (5480, 0.22, 0.006), (1260, 0.2, 0.016)],
        "bone": [(1900, 0.5, 0.014), (3050, 0.3, 0.010), (4420, 0.18, 0.007), (980, 0.25, 0.02)],
        "wood": [(820, 0.55, 0.03), (1610, 0.3, 0.018), (2680, 0.15, 0.01), (420, 0.25, 0.04)],
    }[material]
    jitter = [(f * size * rng.uniform(0.97, 1.03), a, tau) for f, a, tau in modes]
    body = partials(jitter, 0.16)
    tick = noise(rng, 0.012, 1500, 9000, lambda t: math.exp(-t / 0.002))
    return mix(body, tick, 0.0, 0.6)


def thud(rng: random.Random, freq: float, seconds: float = 0.12) -> Samples:
    """A tile landing on the table: a low knock with a little felt noise."""
    knock = partials([(freq, 0.8, 0.03), (freq * 2.3, 0.25, 0.015)], seconds)
    felt = noise(rng, seconds, 80, 900, lambda t: math.exp(-t / 0.02))
    return mix(knock, felt, 0.0, 0.5)


def bell(freq: float, seconds: float, kind: str) -> Samples:
    """A struck tone: ``jade`` (bright chime), ``marimba`` (wooden bar) or ``gong``."""
    if kind == "jade":
        parts = [(freq, 0.6, 0.9), (freq * 2.76, 0.25, 0.35), (freq * 5.4, 0.12, 0.15), (freq * 8.93, 0.05, 0.08)]
        return partials(parts, seconds, attack=0.002)
    if kind == "marimba":
        parts = [(freq, 0.7, 0.45), (freq * 3.93, 0.18, 0.08), (freq * 9.2, 0.05, 0.03)]
        return partials(parts, seconds, attack=0.003)
    parts = [(freq, 0.55, 1.6), (freq * 1.48, 0.3, 1.2), (freq * 2.13, 0.25, 0.9), (freq * 2.77, 0.15, 0.7),
             (freq * 3.61, 0.1, 0.5)]
    return partials(parts, seconds, attack=0.03, glide=0.03)


def beep(freq: float, seconds: float, softness: float = 0.01) -> Samples:
    """A plain sine tone with soft edges (the warning beep)."""
    n = int(seconds * RATE)
    return [math.sin(math.tau * freq * i / RATE) * min(1.0, i / RATE / softness, (n - i) / RATE / softness) * 0.6
            for i in range(n)]


def normalise(samples: Samples, peak: float = 0.8, fade: float = 0.01) -> Samples:
    """Scale to ``peak`` and fade the last ``fade`` seconds so the sound never ends with a click."""
    top = max((abs(s) for s in samples), default=0.0) or 1.0
    k = peak / top
    n = len(samples)
    tail = max(1, int(fade * RATE))
    return [s * k * min(1.0, (n - i) / tail) for i, s in enumerate(samples)]


def write_wav(path: Path, samples: Samples) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
