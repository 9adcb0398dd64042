import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone.tsx';
import { ProgressBar } from './progress.tsx';
import { UiProvider } from './provider.tsx';

const labels = {
  prompt: 'Drop here',
  choose: 'Choose',
  tooLarge: (n: string) => `${n} too large`,
  wrongType: (n: string) => `${n} wrong type`,
};
const wrap = (ui: React.ReactNode) => render(<UiProvider toaster={false}>{ui}</UiProvider>);

function dropOn(el: HTMLElement, files: File[]) {
  fireEvent.dragOver(el, { dataTransfer: { files } });
  expect(el).toHaveAttribute('data-dragging');
  fireEvent.drop(el, { dataTransfer: { files } });
}

describe('FileDropZone', () => {
  it('hands dropped files of an accepted type and size to onFiles, and refuses the rest', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    wrap(
      <FileDropZone data-testid="zone" accept={['image/*', '.xlsx']} maxBytes={10} multiple labels={labels} onFiles={onFiles} onReject={onReject} />,
    );
    const zone = screen.getByTestId('zone');
    const png = new File(['12345'], '封面.png', { type: 'image/png' });
    const sheet = new File(['1'], '成员.XLSX', { type: '' });
    const big = new File(['12345678901'], 'big.png', { type: 'image/png' });
    const html = new File(['<b>'], 'x.html', { type: 'text/html' });
    dropOn(zone, [png, sheet, big, html]);
    expect(onFiles).toHaveBeenCalledWith([png, sheet]);
    expect(onReject).toHaveBeenCalledWith(['big.png too large', 'x.html wrong type']);
    expect(zone).not.toHaveAttribute('data-dragging');
  });

  it('takes one file from the picker unless multiple, and nothing when disabled', () => {
    const onFiles = vi.fn();
    const { rerender } = wrap(<FileDropZone data-testid="zone" labels={labels} onFiles={onFiles} />);
    const input = screen.getByTestId<HTMLInputElement>('zone-input');
    const a = new File(['a'], 'a.txt', { type: 'text/plain' });
    const b = new File(['b'], 'b.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [a, b] } });
    expect(onFiles).toHaveBeenCalledWith([a]);
    rerender(
      <UiProvider toaster={false}>
        <FileDropZone data-testid="zone" disabled labels={labels} onFiles={onFiles} />
      </UiProvider>,
    );
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [b] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
  });
});

describe('ProgressBar', () => {
  it('shows the rounded, clamped percentage and its label', () => {
    wrap(<ProgressBar data-testid="bar" value={66.6} label="第 2 / 3 行" />);
    expect(screen.getByTestId('bar')).toHaveTextContent('67%');
    expect(screen.getByText('第 2 / 3 行')).toBeInTheDocument();
  });
});
