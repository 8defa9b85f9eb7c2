import { EraserIcon } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';

const WIDTH = 600;
const HEIGHT = 200;

export type TSignaturePadProps = {
  /** Names the pad for screen readers and tests: "Customer’s signature". */
  readonly label: string;
  /** A PNG data URL once something is drawn, null when cleared. */
  readonly onChange: (image: string | null) => void;
};

/**
 * The customer signs on the counter's tablet (issue 37 §4): a canvas drawn with pointer events (finger, pen or
 * mouse), always black on white like the paper it stands for, handed on as a PNG after each stroke.
 */
export function SignaturePad({ label, onChange }: TSignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [isSigned, setIsSigned] = useState(false);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / Math.max(box.width, 1)) * WIDTH,
      y: ((event.clientY - box.top) / Math.max(box.height, 1)) * HEIGHT,
    };
  };

  function draw(to: { x: number; y: number }) {
    const context = canvas.current?.getContext('2d');
    const from = last.current ?? to;
    if (context) {
      context.strokeStyle = '#000000';
      context.lineWidth = 2.5;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x + (from === to ? 0.1 : 0), to.y);
      context.stroke();
    }
    last.current = to;
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    last.current = null;
    draw(pointOf(event));
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (last.current === null) return;
    draw(pointOf(event));
  }

  function onPointerUp() {
    if (last.current === null) return;
    last.current = null;
    setIsSigned(true);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  }

  function clear() {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setIsSigned(false);
    onChange(null);
  }

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={`${label}${isSigned ? ' (signed)' : ' (sign here)'}`}
        className="aspect-[3/1] w-full touch-none rounded-md border-2 border-dashed border-muted-foreground/50 bg-white"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={onPointerUp}
      />
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{isSigned ? 'Signed.' : 'Sign with a finger, pen or mouse.'}</span>
        <Button type="button" variant="ghost" size="sm" onClick={clear} disabled={!isSigned}>
          <EraserIcon aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}

/** Who signs and their signature, as the intake and the pickup check both take them. */
export function CustomerSignature({
  label,
  signerName,
  onSignerNameChange,
  onChange,
}: TSignaturePadProps & {
  readonly signerName: string;
  readonly onSignerNameChange: (name: string) => void;
}) {
  return (
    <>
      <FormField
        label="Signed by"
        value={signerName}
        onChange={(event) => onSignerNameChange(event.target.value)}
      />
      <SignaturePad label={label} onChange={onChange} />
    </>
  );
}
