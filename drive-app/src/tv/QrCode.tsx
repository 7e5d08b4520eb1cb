import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code of `text` drawn as one SVG path (dark modules only), with a quiet zone of four modules
 * as the standard asks: a phone's camera opens the address without anyone typing it.
 */
export function QrCode({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const { modules, path } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const count = code.getModuleCount();
    let drawn = '';
    for (let row = 0; row < count; row++)
      for (let column = 0; column < count; column++) if (code.isDark(row, column)) drawn += `M${column + 4} ${row + 4}h1v1h-1z`;
    return { modules: count + 8, path: drawn };
  }, [text]);
  return (
    <svg className="tv-qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
