import { UiProvider } from '@edu/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../lib/client.ts';
import '../lib/i18n.ts';
import { FormFields } from './form-fields.tsx';

afterEach(() => vi.restoreAllMocks());

const schema = z.object({ coverImage: z.string().nullable() });

function Form({ onValue }: { onValue: (v: unknown) => void }) {
  const { control } = useForm<FieldValues>({ defaultValues: { coverImage: '' } });
  onValue(useWatch({ control, name: 'coverImage' }));
  return (
    <FormFields fields={[{ name: 'coverImage', type: 'image' }]} control={control} resourceName="article" schema={schema} ctx={{ mode: 'create' }} />
  );
}

describe('image form field', () => {
  it('fills the field with the URL of an image uploaded through File/UploadImage', async () => {
    const endpoint = api.file.uploadImage.endpoint;
    const url = 'http://api.test/File/GetFile?token=tk';
    const upload = vi
      .spyOn(api.file, 'uploadImage')
      .mockResolvedValue({ fileToken: 'tk', fileName: 'a.png', contentType: 'image/png', size: 3, url });
    Object.assign(api.file.uploadImage, { endpoint });
    let value: unknown;
    render(
      <UiProvider toaster={false}>
        <Form onValue={(v) => (value = v)} />
      </UiProvider>,
    );
    const png = new File(['png'], 'a.png', { type: 'image/png' });
    await act(async () => fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [png] } }));
    expect(upload).toHaveBeenCalledWith({ file: png });
    await waitFor(() => expect(value).toBe(url));
    expect(screen.getByTestId('preview-coverImage')).toHaveAttribute('src', url);
  });
});
