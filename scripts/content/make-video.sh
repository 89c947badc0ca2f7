#!/usr/bin/env bash
# Generates the compression-rhythm guide of the RCP course (module 4) with ffmpeg:
#   content/courses/rcp-solo-compresiones/files/ritmo-110.mp4  (854x480, H.264 + AAC, ~78 s)
#   content/courses/rcp-solo-compresiones/files/ritmo-110.vtt  (Spanish WebVTT captions)
# 110 compressions per minute, a click on every compression (higher pitch on "1" of each 30),
# an on-screen count from 1 to 30 and Spanish captions. Everything is drawn by ffmpeg with the
# DejaVu fonts in content/fonts/; no third-party footage or audio.
#
# Usage: bash scripts/content/make-video.sh      (needs ffmpeg with libx264 and drawtext)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
OUT_DIR="content/courses/rcp-solo-compresiones/files"
OUT="$OUT_DIR/ritmo-110.mp4"
VTT="$OUT_DIR/ritmo-110.vtt"
FONT="content/fonts/DejaVuSans.ttf"
FONT_BOLD="content/fonts/DejaVuSans-Bold.ttf"

BPM=110
START=6     # compressions start (s)
STOP=72     # compressions stop (s)
TOTAL=78    # video length (s)

command -v ffmpeg >/dev/null || { echo "ffmpeg is required (Debian: apt-get install -y ffmpeg)" >&2; exit 1; }
mkdir -p "$OUT_DIR"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Captions shown while compressing: "start|end|text"
CAPTIONS=(
  "6|14|Empuja fuerte y rápido"
  "14|22|En el centro del pecho: mitad inferior del esternón"
  "22|30|5–6 cm de profundidad"
  "30|38|Deja que el pecho vuelva a su posición"
  "38|46|Brazos rectos, hombros sobre las manos"
  "46|54|Sin pausas: menos de 10 segundos"
  "54|62|Cambia de rescatista cada 2 minutos"
  "62|72|Llega el DEA: sigue hasta que pida no tocar"
)

# --- text files for drawtext (avoids escaping accents, commas and colons in the filter graph)
printf '%s' "Guía de ritmo" > "$WORK/title.txt"
printf '%s' "110 compresiones por minuto" > "$WORK/subtitle.txt"
printf '%s' "Practica sobre un cojín firme, nunca sobre una persona" > "$WORK/safety.txt"
printf '%s' "Comienza en %{eif:ceil(${START}-t):d}" > "$WORK/countdown.txt"
printf '%s' "%{eif:mod(floor((t-${START})*${BPM}/60),30)+1:d}" > "$WORK/count.txt"
printf '%s' "Cuenta de 1 a 30 y vuelve a empezar" > "$WORK/countlabel.txt"
printf '%s' "Academia  ·  RCP solo compresiones" > "$WORK/brand.txt"
printf '%s' "${BPM} / min" > "$WORK/rate.txt"
printf '%s' "♥" > "$WORK/heart.txt"
printf '%s' "Llama al 131  ·  Pide un DEA" > "$WORK/end1.txt"
printf '%s' "Tras el análisis o la descarga, comprime de inmediato" > "$WORK/end2.txt"

P="(60/${BPM})"                       # seconds per compression
PHASE="(mod(t-${START},${P})/${P})"  # 0..1 within one compression
ON="between(t,${START},${STOP})"

{
  echo "color=c=0x111827:s=854x480:r=25:d=${TOTAL},format=yuv420p,"
  # brand and rate, always visible
  echo "drawtext=fontfile=${FONT}:textfile=${WORK}/brand.txt:fontsize=18:fontcolor=0x9ca3af:x=28:y=24,"
  echo "drawbox=x=0:y=0:w=854:h=6:color=0xb91c1c:t=fill,"
  # title screen with countdown
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/title.txt:fontsize=56:fontcolor=white:x=(w-tw)/2:y=130:enable='lt(t,${START})',"
  echo "drawtext=fontfile=${FONT}:textfile=${WORK}/subtitle.txt:fontsize=32:fontcolor=0xfca5a5:x=(w-tw)/2:y=210:enable='lt(t,${START})',"
  echo "drawtext=fontfile=${FONT}:textfile=${WORK}/safety.txt:fontsize=22:fontcolor=0xd1d5db:x=(w-tw)/2:y=280:enable='lt(t,${START})',"
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/countdown.txt:expansion=normal:fontsize=30:fontcolor=white:x=(w-tw)/2:y=350:enable='between(t,${START}-3,${START}-0.01)',"
  # compression screen: rate, count, heart pressed down and released on every compression
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/rate.txt:fontsize=22:fontcolor=0xfca5a5:x=w-tw-28:y=22:enable='${ON}',"
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/count.txt:expansion=normal:fontsize=150:fontcolor=white:x=250-tw/2:y=95:enable='${ON}',"
  echo "drawtext=fontfile=${FONT}:textfile=${WORK}/countlabel.txt:fontsize=18:fontcolor=0x9ca3af:x=250-tw/2:y=285:enable='${ON}',"
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/heart.txt:fontsize=170:fontcolor=0x7f1d1d:x=600-tw/2:y=70:enable='${ON}',"
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/heart.txt:fontsize=170:fontcolor=0xef4444:x=600-tw/2:y='70+34*sin(PI*${PHASE})':alpha='0.55+0.45*sin(PI*${PHASE})':enable='${ON}',"
  echo "drawbox=x=0:y=360:w=854:h=80:color=0xb91c1c@0.92:t=fill:enable='${ON}',"
  for c in "${CAPTIONS[@]}"; do
    IFS='|' read -r a b text <<<"$c"
    f="$WORK/cap-$a.txt"
    printf '%s' "$text" > "$f"
    echo "drawtext=fontfile=${FONT_BOLD}:textfile=${f}:fontsize=30:fontcolor=white:x=(w-tw)/2:y=400-th/2:enable='between(t,${a},${b}-0.001)',"
  done
  # end screen
  echo "drawtext=fontfile=${FONT_BOLD}:textfile=${WORK}/end1.txt:fontsize=44:fontcolor=white:x=(w-tw)/2:y=170:enable='gte(t,${STOP})',"
  echo "drawtext=fontfile=${FONT}:textfile=${WORK}/end2.txt:fontsize=26:fontcolor=0xfca5a5:x=(w-tw)/2:y=250:enable='gte(t,${STOP})'[v];"
  # audio: short decaying click on every compression, higher pitch on the "1" of each 30
  echo "aevalsrc='if(between(t,${START},${STOP}-0.01), 0.7*sin(2*PI*if(eq(mod(floor((t-${START})*${BPM}/60),30),0),1760,1175)*t)*exp(-90*mod(t-${START},${P}))*lt(mod(t-${START},${P}),0.07), 0)':s=44100:d=${TOTAL}[a]"
} > "$WORK/graph.txt"

ffmpeg -hide_banner -loglevel error -y \
  -filter_complex_script "$WORK/graph.txt" -map "[v]" -map "[a]" \
  -c:v libx264 -preset slow -crf 30 -profile:v main -pix_fmt yuv420p -g 50 -threads 1 \
  -c:a aac -b:a 64k -ac 1 -ar 44100 \
  -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
  -metadata title="Guía de ritmo: 110 compresiones por minuto" -metadata:s:a:0 language=spa -metadata:s:v:0 language=spa \
  -t "$TOTAL" "$OUT"

# --- WebVTT captions (same timings as the on-screen captions)
ts() { printf '00:%02d:%02d.000' $(($1 / 60)) $(($1 % 60)); }
{
  echo "WEBVTT"
  echo "Kind: captions"
  echo "Language: es-CL"
  echo
  echo "1"
  echo "$(ts 0) --> $(ts $START)"
  echo "Guía de ritmo: 110 compresiones por minuto."
  echo "Practica sobre un cojín firme, nunca sobre una persona."
  echo
  n=2
  for c in "${CAPTIONS[@]}"; do
    IFS='|' read -r a b text <<<"$c"
    echo "$n"
    echo "$(ts "$a") --> $(ts "$b")"
    if [ "$a" = "$START" ]; then echo "[clic en cada compresión; cuenta de 1 a 30]"; fi
    echo "$text"
    echo
    n=$((n + 1))
  done
  echo "$n"
  echo "$(ts $STOP) --> $(ts $TOTAL)"
  echo "Llama al 131. Pide un DEA."
  echo "Tras el análisis o la descarga, comprime de inmediato."
} > "$VTT"

ls -l "$OUT" "$VTT"
