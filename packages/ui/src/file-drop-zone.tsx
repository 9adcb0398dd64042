import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

export interface FileDropZoneLabels {
  /** The main line, e.g. "Drop a file here, or". */
  prompt: ReactNode;
  /** The picker button. */
  choose: string;
  /** A file refused before upload: too large or of another type. */
  tooLarge: (fileName: string) => string;
  wrongType: (fileName: string) => string;
}

export interface FileDropZoneProps {
  /** Called with the accepted files (already checked against `accept` and `maxBytes`). */
  onFiles: (files: File[]) => void;
  /** Called with the reasons files were refused (shown by the caller, e.g. as a toast). */
  onReject?: (messages: string[]) => void;
  /** MIME types (`image/png`, `image/*`) or extensions (`.xlsx`), as an endpoint's `fileField` declares them. */
  accept?: readonly string[];
  maxBytes?: number;
  multiple?: boolean;
  disabled?: boolean;
  labels: FileDropZoneLabels;
  /** A second line, e.g. the accepted types and size. */
  hint?: ReactNode;
  'data-testid'?: string;
}

/** Same rule as the SDK's `isAcceptedFile`, kept here because ui depends on nothing of ours. */
function accepted(accept: readonly string[] | undefined, file: File): boolean {
  if (!accept?.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const a = raw.toLowerCase();
    if (a.startsWith('.')) return name.endsWith(a);
    if (a.endsWith('/*')) return type.startsWith(a.slice(0, -1));
    return type === a;
  });
}

/**
 * A drop area with a file picker: drag files onto it or click the button.
 * Checks type and size before anything is sent, so the user learns at once;
 * the server checks again (400/413).
 */
export function FileDropZone(props: FileDropZoneProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    if (!list || props.disabled) return;
    const files = Array.from(list).slice(0, props.multiple ? undefined : 1);
    const ok: File[] = [];
    const refused: string[] = [];
    for (const f of files) {
      if (!accepted(props.accept, f)) refused.push(props.labels.wrongType(f.name));
      else if (props.maxBytes !== undefined && f.size > props.maxBytes) refused.push(props.labels.tooLarge(f.name));
      else ok.push(f);
    }
    if (refused.length) props.onReject?.(refused);
    if (ok.length) props.onFiles(ok);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer?.files ?? null);
  };

  return (
    <Box
      data-testid={props['data-testid']}
      data-dragging={over || undefined}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.500' : 'border'}
      bg={over ? 'blue.50' : undefined}
      rounded="md"
      p="6"
      textAlign="center"
      opacity={props.disabled ? 0.6 : 1}
      onDragOver={(e) => {
        e.preventDefault();
        if (!props.disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Stack align="center" gap="2">
        <Text>{props.labels.prompt}</Text>
        <Button size="sm" variant="outline" disabled={props.disabled} onClick={() => input.current?.click()}>
          {props.labels.choose}
        </Button>
        {props.hint !== undefined && (
          <Text fontSize="xs" color="fg.muted">
            {props.hint}
          </Text>
        )}
      </Stack>
      <input
        id={inputId}
        ref={input}
        type="file"
        hidden
        data-testid={props['data-testid'] ? `${props['data-testid']}-input` : undefined}
        accept={props.accept?.join(',')}
        multiple={props.multiple}
        disabled={props.disabled}
        onChange={(e) => {
          take(e.currentTarget.files);
          // The same file chosen again must fire again.
          e.currentTarget.value = '';
        }}
      />
    </Box>
  );
}
