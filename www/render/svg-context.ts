// A drawing context that writes SVG: the part of CanvasRenderingContext2D the board renderers use
// (www/render/*.ts), so the very code that paints a board on screen also writes its vector
// picture, and no puzzle has a second renderer that could drift from the first. Points are mapped
// through the current transform as they are given, as a canvas does; a path is kept in picture
// coordinates and written when it is filled or stroked. Text is written as text (selectable,
// searchable and sharp at any size in a slide or a print).

type Matrix = [number, number, number, number, number, number];

interface State {
  m: Matrix;
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  globalAlpha: number;
  dash: number[];
  /** The id of the clip path in force, if any. */
  clip: string | null;
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();

/** Escapes text for SVG character data and attribute values. */
export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A CSS font shorthand's size in px (renderers write `600 20px family`). */
function fontSize(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 10;
}

export class SvgContext {
  private st: State = {
    m: [1, 0, 0, 1, 0, 0],
    fillStyle: '#000',
    strokeStyle: '#000',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    globalAlpha: 1,
    dash: [],
    clip: null,
  };
  private stack: State[] = [];
  private path = '';
  /** Whether the path has a current point (a canvas arc joins it with a line). */
  private open = false;
  private body: string[] = [];
  private defs: string[] = [];
  private clips = 0;
  /** Measures text as the page would draw it (a canvas the renderers never see). */
  private measurer: CanvasRenderingContext2D | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
    /** Prefix of the ids this picture defines, so several can share one document. */
    private readonly ids = '',
  ) {}

  get fillStyle(): string { return this.st.fillStyle; }
  set fillStyle(v: string) { this.st.fillStyle = String(v); }
  get strokeStyle(): string { return this.st.strokeStyle; }
  set strokeStyle(v: string) { this.st.strokeStyle = String(v); }
  get lineWidth(): number { return this.st.lineWidth; }
  set lineWidth(v: number) { if (v > 0 && Number.isFinite(v)) this.st.lineWidth = v; }
  get lineCap(): CanvasLineCap { return this.st.lineCap; }
  set lineCap(v: CanvasLineCap) { this.st.lineCap = v; }
  get lineJoin(): CanvasLineJoin { return this.st.lineJoin; }
  set lineJoin(v: CanvasLineJoin) { this.st.lineJoin = v; }
  get font(): string { return this.st.font; }
  set font(v: string) { this.st.font = v; }
  get textAlign(): CanvasTextAlign { return this.st.textAlign; }
  set textAlign(v: CanvasTextAlign) { this.st.textAlign = v; }
  get textBaseline(): CanvasTextBaseline { return this.st.textBaseline; }
  set textBaseline(v: CanvasTextBaseline) { this.st.textBaseline = v; }
  get globalAlpha(): number { return this.st.globalAlpha; }
  set globalAlpha(v: number) { if (v >= 0 && v <= 1) this.st.globalAlpha = v; }

  save(): void {
    this.stack.push({ ...this.st, m: [...this.st.m] as Matrix, dash: [...this.st.dash] });
  }
  restore(): void {
    const s = this.stack.pop();
    if (s) this.st = s;
  }
  setLineDash(segments: number[]): void {
    this.st.dash = segments.filter((v) => Number.isFinite(v) && v >= 0);
  }
  getLineDash(): number[] {
    return [...this.st.dash];
  }

  // The transform: m maps (x, y) to (a x + c y + e, b x + d y + f), as a canvas's does.
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.st.m = [a, b, c, d, e, f];
  }
  resetTransform(): void {
    this.st.m = [1, 0, 0, 1, 0, 0];
  }
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    const [A, B, C, D, E, F] = this.st.m;
    this.st.m = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
  }
  translate(x: number, y: number): void {
    this.transform(1, 0, 0, 1, x, y);
  }
  scale(x: number, y: number): void {
    this.transform(x, 0, 0, y, 0, 0);
  }
  rotate(angle: number): void {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    this.transform(c, s, -s, c, 0, 0);
  }
  private pt(x: number, y: number): [number, number] {
    const [a, b, c, d, e, f] = this.st.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }
  /** The transform's length scale (the renderers scale evenly). */
  private get k(): number {
    const [a, b, c, d] = this.st.m;
    return Math.sqrt(Math.abs(a * d - b * c));
  }
  private get axisAligned(): boolean {
    return this.st.m[1] === 0 && this.st.m[2] === 0;
  }

  beginPath(): void {
    this.path = '';
    this.open = false;
  }
  moveTo(x: number, y: number): void {
    const [px, py] = this.pt(x, y);
    this.path += `M${num(px)} ${num(py)}`;
    this.open = true;
  }
  lineTo(x: number, y: number): void {
    const [px, py] = this.pt(x, y);
    this.path += `${this.open ? 'L' : 'M'}${num(px)} ${num(py)}`;
    this.open = true;
  }
  closePath(): void {
    if (this.path) this.path += 'Z';
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.path += this.rectPath(x, y, w, h);
    this.open = true;
  }
  arc(x: number, y: number, r: number, start: number, end: number, ccw = false): void {
    let sweep = ccw ? start - end : end - start;
    if (sweep < 0 || sweep >= 2 * Math.PI) sweep = sweep >= 2 * Math.PI || sweep <= -2 * Math.PI ? 2 * Math.PI : sweep + 2 * Math.PI;
    const rr = r * this.k;
    const at = (t: number) => this.pt(x + r * Math.cos(t), y + r * Math.sin(t));
    const [sx, sy] = at(start);
    this.path += `${this.open ? 'L' : 'M'}${num(sx)} ${num(sy)}`;
    // An SVG arc spans less than a full turn: split it in halves.
    const dir = ccw ? -1 : 1;
    const parts = sweep > Math.PI ? 2 : 1;
    for (let i = 1; i <= parts; i++) {
      const [ex, ey] = at(start + (dir * sweep * i) / parts);
      this.path += `A${num(rr)} ${num(rr)} 0 0 ${ccw ? 0 : 1} ${num(ex)} ${num(ey)}`;
    }
    this.open = true;
  }
  private rectPath(x: number, y: number, w: number, h: number): string {
    const p = [this.pt(x, y), this.pt(x + w, y), this.pt(x + w, y + h), this.pt(x, y + h)];
    return `M${p.map(([a, b]) => `${num(a)} ${num(b)}`).join('L')}Z`;
  }

  private alpha(): string {
    return this.st.globalAlpha < 1 ? ` opacity="${num(this.st.globalAlpha)}"` : '';
  }
  private clipAttr(): string {
    return this.st.clip ? ` clip-path="url(#${this.st.clip})"` : '';
  }
  private strokeAttrs(): string {
    const s = this.st;
    let a = ` fill="none" stroke="${xmlEscape(s.strokeStyle)}" stroke-width="${num(s.lineWidth * this.k)}"`;
    if (s.lineCap !== 'butt') a += ` stroke-linecap="${s.lineCap}"`;
    if (s.lineJoin !== 'miter') a += ` stroke-linejoin="${s.lineJoin}"`;
    if (s.dash.length) a += ` stroke-dasharray="${s.dash.map((v) => num(v * this.k)).join(' ')}"`;
    return a + this.alpha() + this.clipAttr();
  }
  private fillAttrs(): string {
    return ` fill="${xmlEscape(this.st.fillStyle)}"${this.alpha()}${this.clipAttr()}`;
  }

  fill(): void {
    if (this.path) this.body.push(`<path d="${this.path}"${this.fillAttrs()}/>`);
  }
  stroke(): void {
    if (this.path) this.body.push(`<path d="${this.path}"${this.strokeAttrs()}/>`);
  }
  clip(): void {
    const id = `${this.ids}clip${++this.clips}`;
    this.defs.push(`<clipPath id="${id}"><path d="${this.path || 'M0 0'}"/></clipPath>`);
    // A clip inside a clip: the inner one is drawn within the outer one.
    this.st.clip = id;
  }
  /** A rectangle as a <rect> where the transform keeps it one (the boards' cells), else a path. */
  private rectElement(x: number, y: number, w: number, h: number, attrs: string): string {
    if (!this.axisAligned) return `<path d="${this.rectPath(x, y, w, h)}"${attrs}/>`;
    const [x0, y0] = this.pt(x, y);
    const [x1, y1] = this.pt(x + w, y + h);
    return `<rect x="${num(Math.min(x0, x1))}" y="${num(Math.min(y0, y1))}" width="${num(Math.abs(x1 - x0))}" height="${num(Math.abs(y1 - y0))}"${attrs}/>`;
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.body.push(this.rectElement(x, y, w, h, this.fillAttrs()));
  }
  strokeRect(x: number, y: number, w: number, h: number): void {
    this.body.push(this.rectElement(x, y, w, h, this.strokeAttrs()));
  }
  /** Nothing to clear: the renderers clear their canvas first, and a recording starts empty. */
  clearRect(_x: number, _y: number, _w: number, _h: number): void {}
  /** Wraps what is drawn next in a group of class `cls` (the board, the caption), till endGroup. */
  beginGroup(cls: string): void {
    this.body.push(`<g class="${xmlEscape(cls)}">`);
  }
  endGroup(): void {
    this.body.push('</g>');
  }

  fillText(text: string, x: number, y: number): void {
    const s = this.st;
    const [px, py] = this.pt(x, y);
    const anchor = s.textAlign === 'center' ? 'middle' : s.textAlign === 'right' || s.textAlign === 'end' ? 'end' : 'start';
    const baseline = s.textBaseline === 'middle' ? 'central' : s.textBaseline === 'top' || s.textBaseline === 'hanging' ? 'hanging' : s.textBaseline === 'bottom' || s.textBaseline === 'ideographic' ? 'text-after-edge' : 'alphabetic';
    const size = fontSize(s.font) * this.k;
    const font = s.font.replace(/(\d+(?:\.\d+)?)px/, `${num(size)}px`);
    const [a, b] = s.m;
    const angle = (Math.atan2(b, a) * 180) / Math.PI;
    const turn = Math.abs(angle) > 0.01 ? ` transform="rotate(${num(angle)} ${num(px)} ${num(py)})"` : '';
    this.body.push(`<text x="${num(px)}" y="${num(py)}" text-anchor="${anchor}" dominant-baseline="${baseline}" style="font:${xmlEscape(font)}"${turn}${this.fillAttrs()}>${xmlEscape(String(text))}</text>`);
  }
  measureText(text: string): TextMetrics {
    this.measurer ??= document.createElement('canvas').getContext('2d');
    if (!this.measurer) return { width: text.length * fontSize(this.st.font) * 0.6 } as TextMetrics;
    this.measurer.font = this.st.font;
    return this.measurer.measureText(text);
  }

  // Pixel images (N-Queens repair's heat map of a large board) go in as an embedded PNG.
  createImageData(w: number, h: number): ImageData {
    return new ImageData(Math.max(1, Math.floor(w)), Math.max(1, Math.floor(h)));
  }
  putImageData(img: ImageData, x: number, y: number): void {
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    c.getContext('2d')?.putImageData(img, 0, 0);
    // putImageData ignores the transform, as here.
    this.body.push(`<image x="${num(x)}" y="${num(y)}" width="${img.width}" height="${img.height}" href="${c.toDataURL('image/png')}"/>`);
  }

  /** Puts the picture `other` at (x, y) in this one, in a group of class `cls`. */
  place(other: SvgContext, x: number, y: number, cls: string): void {
    const at = x || y ? ` transform="translate(${num(x)} ${num(y)})"` : '';
    this.body.push(`<g class="${xmlEscape(cls)}"${at}>${other.elements()}</g>`);
  }

  /** Elements written so far, to place inside another picture. */
  elements(): string {
    return (this.defs.length ? `<defs>${this.defs.join('')}</defs>` : '') + this.body.join('\n');
  }

  /** The whole SVG document. */
  toString(background?: string): string {
    const bg = background ? `<rect width="100%" height="100%" fill="${xmlEscape(background)}"/>\n` : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(this.width)}" height="${num(this.height)}" viewBox="0 0 ${num(this.width)} ${num(this.height)}">\n${bg}${this.elements()}\n</svg>\n`;
  }

  /** The context as the renderers take it: they use only the members above. */
  asCanvas(): CanvasRenderingContext2D {
    return this as unknown as CanvasRenderingContext2D;
  }
}
